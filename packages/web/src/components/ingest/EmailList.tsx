import { Fragment, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import type { ProcessedEmail } from '@vigil/contract';
import { relativeTime } from '../../lib/format';
import { useElementWidth } from '../../lib/useElementWidth';
import {
  emailTableLayout,
  formatBytes,
  isPendingState,
  isUnrecognised,
  stateInfo,
  vendorLabel,
} from '../../lib/ingest';
import { srOnly } from '../srOnly';
import { useSnackbar } from '../snackbar';
import { ResultStatusChip, StateChip, ToneChip } from './chips';
import { useDateFormatter } from './dates';
import { RawEmailDialog, type RawEmailTarget } from './RawEmailDialog';
import { ResultsTable } from './ResultsTable';

/** A processed e-mail, optionally with the tenant it belongs to (the admin list). */
export type EmailRow = ProcessedEmail & { tenantId?: number; TenantName?: string };

export interface EmailActions<E extends EmailRow> {
  download: (email: E) => Promise<void>;
  loadRaw: (email: E) => Promise<string>;
  /** Absent: the user may not reprocess, and the action is not offered. */
  reprocess?: (email: E) => Promise<{ State: string }>;
}

const SOURCE_LABEL: Record<string, string> = { smtp: 'SMTP', imap: 'IMAP', upload: 'Upload' };
const keyOf = (e: EmailRow) => (e.tenantId !== undefined ? `${e.tenantId}:${e.emailId}` : String(e.emailId));

function ResultsSummary({ email }: { email: EmailRow }) {
  if (email.Results.length === 0) {
    if (isPendingState(email.State))
      return <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>Waiting to be parsed</Typography>;
    return (
      <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
        {email.Vendor ? 'No results found' : 'No results'}
      </Typography>
    );
  }
  const shown = email.Results.slice(0, 3);
  const more = email.Results.length - shown.length;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {shown.map((r, i) => (
        <Box key={r.ResultId ?? i} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box sx={{ flexShrink: 0, minWidth: 82 }}>
            <ResultStatusChip status={r.Status} />
          </Box>
          <Typography noWrap sx={{ fontSize: 13.5, minWidth: 0 }} title={`${r.JobName} · ${r.DeviceName}`}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {r.JobName}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {r.DeviceName}
            </Box>
          </Typography>
        </Box>
      ))}
      {more > 0 && (
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary', pl: '90px' }}>
          +{more} more result{more === 1 ? '' : 's'}
        </Typography>
      )}
    </Box>
  );
}

function VendorCell({ email }: { email: EmailRow }) {
  if (email.Vendor)
    return (
      <Typography sx={{ fontSize: 13.5, lineHeight: 1.35 }}>{email.VendorName ?? vendorLabel(email.Vendor)}</Typography>
    );
  if (isUnrecognised(email)) return <ToneChip label="Not recognised" tone="warning" />;
  return null;
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 12.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 13.5, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function EmailDetails<E extends EmailRow>({
  email,
  actions,
  onViewRaw,
}: {
  email: E;
  actions: EmailActions<E>;
  onViewRaw: (email: E) => void;
}) {
  const snackbar = useSnackbar();
  const fmt = useDateFormatter();
  const [busy, setBusy] = useState<'download' | 'reprocess' | null>(null);

  const download = async () => {
    setBusy('download');
    try {
      await actions.download(email);
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusy(null);
    }
  };
  const reprocess = async () => {
    if (!actions.reprocess) return;
    setBusy('reprocess');
    try {
      const answer = await actions.reprocess(email);
      snackbar.success(`Reprocessed: ${stateInfo(answer.State).label.toLowerCase()}`);
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusy(null);
    }
  };

  const unrecognised = isUnrecognised(email);
  return (
    <Box
      data-testid={`email-details-${email.emailId}`}
      sx={(t) => ({
        p: { xs: 2, md: 3 },
        bgcolor: t.palette.mode === 'dark' ? alpha('#fff', 0.02) : alpha(t.palette.primary.main, 0.025),
        borderTop: `1px dashed ${t.palette.divider}`,
        display: 'grid',
        gap: 2.5,
        minWidth: 0,
      })}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))',
          columnGap: 2,
          rowGap: 1.5,
        }}
      >
        {email.TenantName && <Meta label="Tenant">{email.TenantName}</Meta>}
        <Meta label="From">{email.From || '—'}</Meta>
        <Meta label="To">{email.To}</Meta>
        <Meta label="Received">{fmt(email.ReceivedAt)}</Meta>
        <Meta label="Client code">{email.PlusTag ?? '—'}</Meta>
        <Meta label="Vendor">{email.Vendor ? (email.VendorName ?? vendorLabel(email.Vendor)) : 'Not recognised'}</Meta>
        <Meta label="Source">
          {SOURCE_LABEL[email.Source] ?? email.Source} · {formatBytes(email.Size)}
        </Meta>
        <Meta label="Attempts">{email.Attempts}</Meta>
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 2 }}>
        {email.Reason && (
          <Alert severity={unrecognised ? 'warning' : 'error'} data-testid="email-reason">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {unrecognised ? 'Not recognised: ' : 'Parsing problem: '}
            </Box>
            {email.Reason}
            {unrecognised && (
              <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
                No parser knows this sender or format. Check that it is a backup report, or ask support to add its
                format.
              </Box>
            )}
          </Alert>
        )}
        {email.Results.length > 0 ? (
          <ResultsTable results={email.Results} caption={`Results of ${email.Subject || 'the e-mail'}`} />
        ) : (
          !email.Reason && (
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              {isPendingState(email.State) ? 'This e-mail has not been parsed yet.' : 'No results came out of it.'}
            </Typography>
          )
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => void download()}
            loading={busy === 'download'}
          >
            Download .eml
          </Button>
          <Button size="small" variant="outlined" startIcon={<CodeRoundedIcon />} onClick={() => onViewRaw(email)}>
            View raw
          </Button>
          {actions.reprocess && (
            <Tooltip title="Parse this e-mail again with the current parsers" describeChild>
              <Button
                size="small"
                variant="outlined"
                startIcon={<ReplayRoundedIcon />}
                onClick={() => void reprocess()}
                loading={busy === 'reprocess'}
              >
                Reprocess
              </Button>
            </Tooltip>
          )}
        </Box>
      </Box>
    </Box>
  );
}

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
