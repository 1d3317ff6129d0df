import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import { relativeTime } from '../../lib/format';
import { useElementWidth } from '../../lib/useElementWidth';
import { emailTableLayout } from '../../lib/ingest';
import { srOnly } from '../srOnly';
import { useSnackbar } from '../snackbar';
import { StateChip } from './chips';
import { useDateFormatter } from './dates';
import { RawEmailDialog, type RawEmailTarget } from './RawEmailDialog';
import { EmailDetails } from './EmailDetails';
import { ResultsSummary, VendorCell } from './EmailCells';
import { keyOf, type EmailActions, type EmailRow } from './emailRow';

export type { EmailActions, EmailRow } from './emailRow';

/**
 * Received e-mails and what came out of them: a table whose rows expand into the details on
 * wide screens, and a list of expandable cards on small ones.
 */
export function EmailList<E extends EmailRow>({
  emails,
  loading,
  actions,
  caption,
  empty,
  toolbar,
  footer,
  showTenant,
}: {
  emails: readonly E[] | undefined;
  loading?: boolean;
  actions: EmailActions<E>;
  caption: string;
  empty: ReactNode;
  toolbar?: ReactNode;
  footer?: ReactNode;
  showTenant?: boolean;
}) {
  const theme = useTheme();
  const wideViewport = useMediaQuery(theme.breakpoints.up('lg'));
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const layout = emailTableLayout(width ?? (wideViewport ? 1000 : 400), !!showTenant);
  const fmt = useDateFormatter();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  // The target stays set while the dialog closes, so its content does not vanish mid-transition.
  const [raw, setRaw] = useState<RawEmailTarget | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const toggle = (e: E) => setOpen((o) => ({ ...o, [keyOf(e)]: !o[keyOf(e)] }));

  const viewRaw = (e: E) => {
    setRawOpen(true);
    setRaw({
      key: [e.tenantId ?? 'tenant', e.emailId],
      subject: e.Subject,
      size: e.Size,
      load: () => actions.loadRaw(e),
      download: () => void actions.download(e).catch((err: unknown) => snackbar.error(err)),
    });
  };

  const subjectOf = (e: E) => e.Subject || '(no subject)';

  let body: ReactNode;
  if (loading && !emails) {
    body = layout.table ? (
      <TableContainer>
        <Table aria-label={caption}>
          <TableBody>
            {Array.from({ length: 5 }, (_, i) => (
              <TableRow key={i}>
                {Array.from({ length: layout.columns }, (__, j) => (
                  <TableCell key={j}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    ) : (
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={84} />
        ))}
      </Box>
    );
  } else if (!emails || emails.length === 0) {
    body = <Box sx={{ px: 2, py: { xs: 4, md: 6 } }}>{empty}</Box>;
  } else if (layout.table) {
    body = (
      <TableContainer>
        <Table aria-label={caption} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 52 }}>
                <Box component="span" sx={srOnly}>
                  Details
                </Box>
              </TableCell>
              {layout.received && <TableCell sx={{ width: 172 }}>Received</TableCell>}
              <TableCell>E-mail</TableCell>
              {layout.tenant && <TableCell sx={{ width: 150 }}>Tenant</TableCell>}
              <TableCell sx={{ width: 188 }}>State · Vendor</TableCell>
              <TableCell sx={{ width: layout.resultsWidth }}>Results</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {emails.map((e) => {
              const isOpen = !!open[keyOf(e)];
              return (
                <Fragment key={keyOf(e)}>
                  <TableRow
                    hover
                    onClick={() => toggle(e)}
                    aria-label={subjectOf(e)}
                    sx={{
                      cursor: 'pointer',
                      verticalAlign: 'top',
                      '& > td': { borderBottom: isOpen ? 0 : undefined },
                    }}
                  >
                    <TableCell sx={{ pr: 0 }}>
                      <IconButton
                        size="small"
                        aria-expanded={isOpen}
                        aria-label={`${isOpen ? 'Hide' : 'Show'} details of ${subjectOf(e)}`}
                        onClick={(ev) => {
                          ev.stopPropagation();
                          toggle(e);
                        }}
                        sx={{ mt: -0.5 }}
                      >
                        <KeyboardArrowDownRoundedIcon
                          sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none' }}
                        />
                      </IconButton>
                    </TableCell>
                    {layout.received && (
                      <TableCell>
                        <Typography sx={{ fontSize: 13.5, fontWeight: 500 }}>{relativeTime(e.ReceivedAt)}</Typography>
                        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                          {fmt(e.ReceivedAt)}
                        </Typography>
                      </TableCell>
                    )}
                    <TableCell>
                      {showTenant && !layout.tenant && (
                        <Typography
                          variant="overline"
                          sx={{ display: 'block', lineHeight: 1.5, color: 'primary.main' }}
                        >
                          {e.TenantName}
                        </Typography>
                      )}
                      <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>
                        {subjectOf(e)}
                      </Typography>
                      <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {e.From || 'Unknown sender'}
                        {e.PlusTag && (
                          <>
                            {' · client '}
                            <Box component="code" sx={{ fontSize: 12.5 }}>
                              {e.PlusTag}
                            </Box>
                          </>
                        )}
                        {!layout.received && ` · ${relativeTime(e.ReceivedAt)}`}
                      </Typography>
                    </TableCell>
                    {layout.tenant && (
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Typography sx={{ fontSize: 14 }}>{e.TenantName}</Typography>
                      </TableCell>
                    )}
                    <TableCell>
                      <Box sx={{ display: 'grid', gap: 0.75, justifyItems: 'start' }}>
                        <StateChip state={e.State} />
                        <VendorCell email={e} />
                      </Box>
                    </TableCell>
                    <TableCell>
                      <ResultsSummary email={e} />
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={layout.columns} sx={{ p: 0, borderBottom: isOpen ? undefined : 0 }}>
                      <Collapse in={isOpen} timeout="auto" unmountOnExit>
                        <EmailDetails email={e} actions={actions} onViewRaw={viewRaw} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  } else {
    body = (
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {emails.map((e) => {
          const isOpen = !!open[keyOf(e)];
          return (
            <Box
              component="li"
              key={keyOf(e)}
              sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            >
              <ButtonBase
                onClick={() => toggle(e)}
                aria-expanded={isOpen}
                aria-label={`${isOpen ? 'Hide' : 'Show'} details of ${subjectOf(e)}`}
                sx={(t) => ({
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  px: 2,
                  py: 1.75,
                  '&:hover': { bgcolor: alpha(t.palette.primary.main, 0.04) },
                  '&.Mui-focusVisible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
                })}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>
                      {subjectOf(e)}
                    </Typography>
                    <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {e.From || 'Unknown sender'} · {relativeTime(e.ReceivedAt)}
                    </Typography>
                    {showTenant && <Typography sx={{ fontSize: 13 }}>{e.TenantName}</Typography>}
                  </Box>
                  <KeyboardArrowDownRoundedIcon
                    sx={{
                      color: 'text.secondary',
                      flexShrink: 0,
                      transition: 'transform 150ms',
                      transform: isOpen ? 'rotate(180deg)' : 'none',
                    }}
                  />
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
                  <StateChip state={e.State} />
                  <VendorCell email={e} />
                </Box>
                {e.Results.length > 0 && (
                  <Box sx={{ mt: 1 }}>
                    <ResultsSummary email={e} />
                  </Box>
                )}
              </ButtonBase>
              <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <EmailDetails email={e} actions={actions} onViewRaw={viewRaw} />
              </Collapse>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Paper ref={boxRef} variant="outlined" sx={{ borderRadius: '14px', overflow: 'hidden' }}>
      {toolbar && <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>{toolbar}</Box>}
      {body}
      {footer && <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>{footer}</Box>}
      <RawEmailDialog open={rawOpen} target={raw} onClose={() => setRawOpen(false)} />
    </Paper>
  );
}
