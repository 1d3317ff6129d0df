// One checked part of the system: what it is, how it is doing, when it last acted, and advice.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { formatDate, relativeTime } from '../../../lib/format';
import type { Assessment, HealthState } from '../systemStatus';

const LOOK: Record<HealthState, { label: string; color: 'success' | 'warning' | 'default'; icon: React.ReactElement }> =
  {
    ok: { label: 'OK', color: 'success', icon: <CheckCircleRoundedIcon /> },
    warning: { label: 'Needs attention', color: 'warning', icon: <WarningAmberRoundedIcon /> },
    idle: { label: 'Not started', color: 'default', icon: <RemoveCircleOutlineRoundedIcon /> },
  };

export function StatusRow({ item, dateTime, timeZone }: { item: Assessment; dateTime: string; timeZone: string }) {
  const look = LOOK[item.state];
  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid={`status-${item.key}`}
      data-state={item.state}
      sx={{
        listStyle: 'none',
        borderRadius: '12px',
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        borderLeftWidth: 4,
        borderLeftColor: item.state === 'warning' ? 'warning.main' : item.state === 'ok' ? 'success.main' : 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 15.5 }}>
          {item.name}
        </Typography>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          {item.detail}
          {item.lastAt && (
            <>
              {' · '}
              <Box component="span" title={formatDate(item.lastAt, dateTime, timeZone)}>
                {relativeTime(item.lastAt)}
              </Box>
            </>
          )}
        </Typography>
        {item.advice && <Typography sx={{ fontSize: 14, mt: 0.5 }}>{item.advice}</Typography>}
      </Box>
      <Chip
        icon={look.icon}
        label={look.label}
        color={look.color}
        variant={item.state === 'ok' ? 'outlined' : 'filled'}
        sx={{ justifySelf: { xs: 'start', sm: 'end' }, fontWeight: 600 }}
      />
    </Paper>
  );
}
