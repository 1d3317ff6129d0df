import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AuditResultDetail } from '@vigil/contract';
import { SOURCE_LABEL } from '../../../lib/audit';
import type { AuditPopupData } from '../../../lib/auditWindows';
import { saveBlob } from '../../../lib/download';
import { emlFileName, formatBytes, formatDuration } from '../../../lib/ingest';
import { usePermissions } from '../../../lib/permissions';
import { api } from '../../../lib/session';
import { ConfirmDialog, type ConfirmRequest } from '../../ConfirmDialog';
import { QueryError } from '../../QueryError';
import { useSnackbar } from '../../snackbar';
import { useAuditResult, useDeleteResults } from '../../../lib/auditApi';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { DayStatusChip } from '../StatusChip';
import { PopupHeading, type PopupHost } from './PopupFrame';

/**
 * The e-mail's HTML in a sandboxed frame: no scripts, no forms, nothing loaded from the
 * network (a content security policy keeps remote images and trackers out); links open in a
 * new tab.
 */
export function emailFrameDocument(html: string): string {
  const head =
    '<meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'; font-src data:">` +
    '<base target="_blank">' +
    '<style>html,body{margin:0;padding:12px;background:#fff;color:#111;font:14px/1.45 system-ui,sans-serif}</style>';
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 12.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children === null || children === undefined || children === '' ? '-' : children}
      </Typography>
    </Box>
  );
}

function EmailBody({ result }: { result: AuditResultDetail }) {
  const [tab, setTab] = useState<'html' | 'text'>(result.EmailHtml ? 'html' : 'text');
  const hasHtml = !!result.EmailHtml;
  const hasText = !!result.EmailText;
  if (!hasHtml && !hasText)
    return <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>The e-mail's body could not be read.</Typography>;
  return (
    <Box>
      {hasHtml && hasText && (
        <Tabs
          value={tab}
          onChange={(_e, v: 'html' | 'text') => setTab(v)}
          aria-label="E-mail body"
          sx={{ minHeight: 36, mb: 1, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
        >
          <Tab value="html" label="Formatted" id="email-tab-html" />
          <Tab value="text" label="Text" id="email-tab-text" />
        </Tabs>
      )}
      {tab === 'html' && hasHtml ? (
        <Box
          component="iframe"
          title="E-mail body"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={emailFrameDocument(result.EmailHtml!)}
          data-testid="email-html"
          sx={{ width: '100%', height: 460, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#fff' }}
        />
      ) : (
        <Box
          component="pre"
          data-testid="email-text"
          tabIndex={0}
          aria-label="E-mail text"
          sx={(t) => ({
            m: 0,
            p: 2,
            maxHeight: 460,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontSize: 13,
            lineHeight: 1.6,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: t.palette.mode === 'dark' ? alpha('#000', 0.25) : '#f8f9fc',
            '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
          })}
        >
          {result.EmailText}
        </Box>
      )}
    </Box>
  );
}

/**
 * View result (features §2.3): the result's fields and, when it came by e-mail, the parsed
 * e-mail (subject, from, received, the text or sandboxed HTML body, the .eml download).
 */
export function ResultViewPanel({
  resultId,
  data,
  host,
}: {
  resultId: number;
  data: AuditPopupData | null;
  host: PopupHost;
}) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['audit.editAuditResults']);
  const result = useAuditResult(resultId);
  const remove = useDeleteResults();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [downloading, setDownloading] = useState(false);
  const r = result.data;
  const ids = data?.resultIds ?? [];
  const at = ids.indexOf(resultId);

  const download = async () => {
    if (!r?.EmailId) return;
    setDownloading(true);
    try {
      const blob = await api.get<Blob>('/api/tenant/processed-emails/download', {
        query: { emailId: r.EmailId },
        responseType: 'blob',
      });
      saveBlob(blob, emlFileName(r.EmailId, r.Subject ?? ''));
    } catch (err) {
      snackbar.error(err);
    } finally {
      setDownloading(false);
    }
  };

  const askDelete = () =>
    setConfirm({
      title: 'Delete result',
      subject: r
        ? `the ${r.Status === 1 ? 'Success' : r.Status === 2 ? 'Warning' : 'Failure'} result of ${f.dateTime(r.ParsedDateTime)}?`
        : '',
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync([resultId]);
        snackbar.success('Result deleted');
        const next = ids.filter((id) => id !== resultId);
        if (next.length) host.go('view', next[Math.min(Math.max(at, 0), next.length - 1)]);
        else host.close();
      },
    });

  if (result.isPending)
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton width="30%" />
        <Skeleton height={40} width="60%" />
        <Skeleton height={120} />
        <Skeleton height={240} />
      </Box>
    );
  if (result.isError || !r) return <QueryError error={result.error} onRetry={() => void result.refetch()} />;

  const backup = {
    PolicyId: r.PolicyId,
    JobName: r.JobName,
    DeviceName: r.DeviceName,
    CompanyName: r.CompanyName,
    VendorName: r.VendorName,
  };
  const edited = r.EditedAt ? `Edited ${f.dateTime(r.EditedAt)}` : null;

  return (
    <Box>
      <PopupHeading
        title="Result"
        date={r.BusinessDay ? f.day(r.BusinessDay) : undefined}
        backups={[backup]}
        titleId="popup-title"
        extra={<DayStatusChip status={r.Status} />}
      />
      {ids.length > 1 && at >= 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
          <Tooltip title="Previous result">
            <span>
              <IconButton
                size="small"
                aria-label="Previous result"
                disabled={at <= 0}
                onClick={() => host.go('view', ids[at - 1])}
              >
                <ChevronLeftRoundedIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography sx={{ fontSize: 13.5, color: 'text.secondary' }}>
            Result {at + 1} of {ids.length} on this day
          </Typography>
          <Tooltip title="Next result">
            <span>
              <IconButton
                size="small"
                aria-label="Next result"
                disabled={at >= ids.length - 1}
                onClick={() => host.go('view', ids[at + 1])}
              >
                <ChevronRightRoundedIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      )}

      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
            columnGap: 2,
            rowGap: 1.5,
          }}
        >
          <Field label="Time">{f.dateTime(r.ParsedDateTime)}</Field>
          <Field label="Started">{f.dateTime(r.StartTime)}</Field>
          <Field label="Ended">{f.dateTime(r.EndTime)}</Field>
          <Field label="Duration">{r.DurationSeconds === null ? '' : formatDuration(r.DurationSeconds)}</Field>
          <Field label="Size">{r.SizeBytes === null ? '' : formatBytes(r.SizeBytes)}</Field>
          <Field label="Kind">{r.ResultKind}</Field>
          <Field label="Storage">{r.StorageKind}</Field>
          <Field label="Source">
            {SOURCE_LABEL[r.Source] ?? r.Source}
            {r.CreatedBy ? ` · by ${r.CreatedBy}` : ''}
            {edited ? ` · ${edited}` : ''}
          </Field>
          {r.FailureText && (
            <Field label="Failure" wide>
              <Box component="span" sx={{ color: 'error.main' }}>
                {r.FailureText}
              </Box>
            </Field>
          )}
          {r.Reading && (
            <Field label="Read by" wide>
              Read by the generic reader: {r.Reading.Reasons.join(' · ')}
            </Field>
          )}
          {r.Notes && (
            <Field label="Notes" wide>
              {r.Notes}
            </Field>
          )}
        </Box>
      </Paper>

      {r.EmailId !== null ? (
        <Box component="section" aria-labelledby="email-heading" sx={{ mt: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
            <Typography id="email-heading" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
              E-mail
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              onClick={() => void download()}
              loading={downloading}
            >
              Download .eml
            </Button>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mb: 2,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
              columnGap: 2,
              rowGap: 1.25,
            }}
          >
            <Field label="Subject" wide>
              <Box component="span" data-testid="email-subject" sx={{ fontWeight: 600 }}>
                {r.Subject || '(no subject)'}
              </Box>
            </Field>
            <Field label="From">{r.From}</Field>
            <Field label="Received">{f.dateTime(r.ReceivedAt)}</Field>
          </Box>
          <EmailBody result={r} />
        </Box>
      ) : (
        <Alert severity="info" sx={{ mt: 2.5 }}>
          {r.Source === 'manual'
            ? 'This result was added by hand; no e-mail belongs to it.'
            : 'No e-mail belongs to this result.'}
        </Alert>
      )}

      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {canEdit && (
          <>
            <Button startIcon={<EditOutlinedIcon />} variant="outlined" onClick={() => host.go('edit', resultId)}>
              Edit
            </Button>
            <Button startIcon={<DeleteOutlineRoundedIcon />} color="error" onClick={askDelete}>
              Delete
            </Button>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={host.close}>
          Close
        </Button>
      </Box>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
