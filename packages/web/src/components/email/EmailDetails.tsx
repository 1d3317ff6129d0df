import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { formatBytes, isPendingState, isUnrecognised, stateInfo, vendorLabel } from '../../lib/ingest';
import { useSnackbar } from '../snackbar';
import { useDateFormatter } from './dates';
import { ResultsTable } from './ResultsTable';
import type { EmailActions, EmailRow } from './emailRow';

const SOURCE_LABEL: Record<string, string> = { smtp: 'SMTP', imap: 'IMAP', upload: 'Upload' };

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

/** The expanded part of an e-mail row: its facts, results and actions (download, raw source, reprocess). */
export function EmailDetails<E extends EmailRow>({
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
  // Unrecognised, read by the generic reader, or waiting for review: a tenant parser can read it.
  const teachable = unrecognised || email.Vendor === 'generic' || email.State === 'NeedsReview';
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
        {email.Reason && email.State === 'NeedsReview' ? (
          <Alert severity="warning" data-testid="email-reason">
            <Box component="span" sx={{ fontWeight: 600 }}>
              Needs review:{' '}
            </Box>
            It looks like a backup report, but the generic reader was not sure enough to file a result. Check it and set
            its vendor, job, device and status.
            <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
              {email.Reason.replace(/^Needs review: /, '')}
            </Box>
          </Alert>
        ) : (
          email.Reason && (
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
          )
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
          {actions.teach && teachable && !isPendingState(email.State) && (
            <Button
              size="small"
              variant="contained"
              startIcon={<SchoolOutlinedIcon />}
              onClick={() => actions.teach?.(email)}
            >
              Teach Vigil to read this
            </Button>
          )}
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
