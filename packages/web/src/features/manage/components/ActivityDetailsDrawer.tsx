import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { ActivityLogRow } from '@vigil/contract';
import { fieldChanges, fieldLabel } from './activityDiff';

const WIDTH = 420;

/** Entity types as people read them. */
export function entityLabel(type: string): string {
  return type === 'BackupPlan' ? 'Backup plan' : type;
}

/** One activity log line: who did what to which entity when, and the values before and after side by side. */
export function ActivityDetailsDrawer({
  row,
  onClose,
  when,
}: {
  row: ActivityLogRow | null;
  onClose: () => void;
  when: (iso: string) => string;
}) {
  // Keep the last line on screen while the drawer slides away.
  const [shown, setShown] = useState<ActivityLogRow | null>(row);
  if (row && row !== shown) setShown(row);
  const changes = shown ? fieldChanges(shown.Before, shown.After) : [];
  const changedCount = changes.filter((c) => c.changed).length;

  return (
    <Drawer
      anchor="right"
      open={!!row}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: WIDTH } } } }}
      aria-labelledby="activity-details-title"
    >
      {shown && (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary', fontWeight: 600, letterSpacing: 0.3 }}>
                {entityLabel(shown.EntityType).toUpperCase()}
              </Typography>
              <Typography
                id="activity-details-title"
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              >
                {shown.EntityName || '-'}
              </Typography>
            </Box>
            <IconButton aria-label="Close" onClick={onClose} edge="end">
              <CloseRoundedIcon />
            </IconButton>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              px: 2.5,
              pb: 2,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.75,
              fontSize: 14,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>Action</dt>
            <dd>
              <Chip size="small" label={shown.Action} sx={{ height: 22, fontWeight: 500 }} />
            </dd>
            <dt>When</dt>
            <dd>{when(shown.CreatedAt)}</dd>
            <dt>User</dt>
            <dd>{shown.UserName || '-'}</dd>
            {shown.EntityId && (
              <>
                <dt>Id</dt>
                <dd>{shown.EntityId}</dd>
              </>
            )}
          </Box>
          <Box sx={{ borderTop: 1, borderColor: 'divider', px: 2.5, py: 1.5, flex: 1, overflow: 'auto' }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {changes.length === 0
                ? 'No values were recorded'
                : `${changedCount} field${changedCount === 1 ? '' : 's'} changed`}
            </Typography>
            {changes.length > 0 && (
              <Table size="small" aria-label="Values before and after" sx={{ tableLayout: 'fixed' }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: '32%', pl: 1 }}>Field</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.map((c) => (
                    <TableRow
                      key={c.field}
                      sx={(t) => ({
                        bgcolor: c.changed ? alpha(t.palette.warning.main, 0.08) : undefined,
                        '& td': {
                          verticalAlign: 'top',
                          overflowWrap: 'anywhere',
                          color: c.changed ? 'text.primary' : 'text.secondary',
                          fontSize: 13,
                        },
                      })}
                    >
                      <TableCell
                        sx={{ pl: 1, fontWeight: c.changed ? 600 : 400, overflowWrap: 'break-word !important' }}
                      >
                        {fieldLabel(c.field)}
                      </TableCell>
                      <TableCell
                        sx={(t) =>
                          c.changed && c.before !== '-'
                            ? { textDecoration: 'line-through', textDecorationColor: alpha(t.palette.error.main, 0.6) }
                            : {}
                        }
                      >
                        {c.before}
                      </TableCell>
                      <TableCell sx={{ fontWeight: c.changed ? 500 : 400 }}>{c.after}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
