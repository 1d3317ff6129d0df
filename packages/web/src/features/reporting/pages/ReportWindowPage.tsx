import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import TextSnippetOutlinedIcon from '@mui/icons-material/TextSnippetOutlined';
import { REPORT_TYPES, type ReportJobResult, type ReportType } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { browserStorage } from '../../../lib/storage';
import {
  downloadReport,
  pollReport,
  REPORT_POLL_MS,
  startReport,
  stopReport,
  type DownloadFormat,
} from '../api/reports';
import { LightTheme } from '../components/LightTheme';
import { ReportView } from '../components/ReportView';
import { reportFileName } from '../reportCells';
import { readRun, type ReportRun } from '../reportStorage';

type Phase =
  | { kind: 'starting' }
  | { kind: 'running'; job: ReportJobResult | null }
  | { kind: 'ready'; job: ReportJobResult }
  | { kind: 'failed'; message: string }
  | { kind: 'stopped' };

function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

/**
 * Starts the job, polls it every 1000 ms (platform §9) until it is Ready or Failed, and lets
 * the user stop it or run it again.
 */
function useReportJob(run: ReportRun | null, key: string) {
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [attempt, setAttempt] = useState(0);
  const active = useRef(false);
  // Set by Stop: the poll loop leaves the outcome to the stop call's answer.
  const halted = useRef(false);

  useEffect(() => {
    if (!run) return;
    let cancelled = false;
    let timer: number | undefined;
    const controller = new AbortController();
    active.current = true;
    halted.current = false;

    const poll = async () => {
      try {
        const job = await pollReport(run.type, key, controller.signal);
        if (cancelled || halted.current) return;
        if (job.status === 'Ready' && job.document) {
          active.current = false;
          setPhase({ kind: 'ready', job });
        } else if (job.status === 'Failed') {
          active.current = false;
          setPhase({ kind: 'failed', message: job.error || 'The report could not be generated.' });
        } else if (job.status === 'Cancelled') {
          active.current = false;
          setPhase({ kind: 'stopped' });
        } else {
          setPhase({ kind: 'running', job });
          timer = window.setTimeout(() => void poll(), REPORT_POLL_MS);
        }
      } catch (err) {
        if (cancelled || halted.current) return;
        active.current = false;
        setPhase({ kind: 'failed', message: resolveErrorMessage(err) });
      }
    };

    startReport(run.type, key, run.filters)
      .then((job) => {
        if (cancelled) return;
        setPhase({ kind: 'running', job: null });
        // A small report may be finished by the time the start answers: fetch it at once.
        const done = job.status !== 'Pending' && job.status !== 'Running';
        timer = window.setTimeout(() => void poll(), done ? 0 : REPORT_POLL_MS);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        active.current = false;
        setPhase({ kind: 'failed', message: resolveErrorMessage(err) });
      });

    return () => {
      cancelled = true;
      controller.abort();
      if (timer !== undefined) window.clearTimeout(timer);
      // Leaving while it runs (window closed, route left): the server need not finish it.
      if (active.current) void stopReport(run.type, key).catch(() => undefined);
      active.current = false;
    };
  }, [run, key, attempt]);

  /** Stops the run; one the server had already finished is shown instead. */
  const stop = useCallback(async () => {
    if (!run) return;
    halted.current = true;
    active.current = false;
    setPhase({ kind: 'stopped' });
    const job = await stopReport(run.type, key);
    if (job.status === 'Ready') {
      const full = await pollReport(run.type, key);
      if (full.document) setPhase({ kind: 'ready', job: full });
    }
  }, [run, key]);

  const retry = useCallback(() => {
    setPhase({ kind: 'starting' });
    setStartedAt(Date.now());
    setAttempt((n) => n + 1);
  }, []);

  return { phase, startedAt, stop, retry };
}

function Progress({ type, startedAt, onStop }: { type: ReportType; startedAt: number; onStop: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Typography variant="h6" component="h1">
        Generating {REPORT_TYPES[type].title}…
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }} role="status">
        Working for {elapsedText(now - startedAt)}. Large ranges take a little longer.
      </Typography>
      <LinearProgress aria-label="Generating report" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2.5 }}>
        <Button variant="outlined" color="inherit" startIcon={<StopCircleOutlinedIcon />} onClick={onStop}>
          Stop
        </Button>
      </Box>
    </Paper>
  );
}

function Toolbar({
  job,
  inPage,
  onDownload,
  busy,
}: {
  job: ReportJobResult;
  inPage: boolean;
  onDownload: (format: DownloadFormat, pdf?: { landscape: boolean; formatA2: boolean }) => void;
  busy: DownloadFormat | null;
}) {
  const theme = useTheme();
  const size = useMediaQuery(theme.breakpoints.down('sm')) ? 'small' : 'medium';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [landscape, setLandscape] = useState(false);
  const [formatA2, setFormatA2] = useState(false);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        mb: 2,
        pb: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '@media print': { display: 'none' },
      }}
      role="toolbar"
      aria-label="Report actions"
    >
      {inPage && (
        <Button
          component={RouterLink}
          to="/app/reporting/on-demand"
          startIcon={<ArrowBackIcon />}
          color="inherit"
          size={size}
          sx={{ mr: { xs: 'auto', sm: 0 } }}
        >
          On Demand
        </Button>
      )}
      <Typography sx={{ color: 'text.secondary', fontSize: 13, mr: 'auto', display: { xs: 'none', sm: 'block' } }}>
        {(job.rowCount ?? 0).toLocaleString('en-US')} {job.rowCount === 1 ? 'row' : 'rows'}
      </Typography>
      <Button variant="outlined" size={size} startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
        Print
      </Button>
      <Box sx={{ display: 'inline-flex' }}>
        <Button
          variant="outlined"
          size={size}
          startIcon={<PictureAsPdfOutlinedIcon />}
          onClick={() => onDownload('pdf', { landscape, formatA2 })}
          disabled={busy === 'pdf'}
          sx={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        >
          PDF
        </Button>
        <Button
          variant="outlined"
          size={size}
          aria-label="PDF options"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ minWidth: 0, px: 0.5, ml: '-1px', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
        >
          <ArrowDropDownIcon />
        </Button>
      </Box>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: '32px' }}>PDF page</ListSubheader>
        <MenuItem dense onClick={() => setLandscape((v) => !v)}>
          <FormControlLabel
            control={<Checkbox size="small" checked={landscape} tabIndex={-1} />}
            label="Landscape"
            sx={{ pointerEvents: 'none', m: 0 }}
          />
        </MenuItem>
        <MenuItem dense onClick={() => setFormatA2((v) => !v)}>
          <FormControlLabel
            control={<Checkbox size="small" checked={formatA2} tabIndex={-1} />}
            label="A2 paper"
            sx={{ pointerEvents: 'none', m: 0 }}
          />
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDownload('pdf', { landscape, formatA2 });
          }}
        >
          Download PDF
        </MenuItem>
      </Menu>
      <Button
        variant="outlined"
        size={size}
        startIcon={<TableChartOutlinedIcon />}
        onClick={() => onDownload('excel')}
        disabled={busy === 'excel'}
      >
        Excel
      </Button>
      <Button
        variant="outlined"
        size={size}
        startIcon={<TextSnippetOutlinedIcon />}
        onClick={() => onDownload('csv')}
        disabled={busy === 'csv'}
      >
        CSV
      </Button>
    </Box>
  );
}

/**
 * The report window (features §2.5, route generate/{reportType}/{storageKey}): generates the
 * report with the filters stored under the key, shows progress with a Stop button, then the
 * report itself with print and downloads. Always in the light theme. On small screens and when
 * the popup was blocked the same view opens inside the app.
 */
export default function ReportWindowPage() {
  const { reportType, storageKey = '' } = useParams();
  const inPage = useLocation().pathname.startsWith('/app/');
  const [run] = useState(() => readRun(browserStorage(), reportType, storageKey));
  const { phase, startedAt, stop, retry } = useReportJob(run, storageKey);
  const { settings } = useAppSession();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);

  useEffect(() => {
    const title = phase.kind === 'ready' ? phase.job.document?.title : run ? REPORT_TYPES[run.type].title : null;
    if (title && !inPage) document.title = `${title} · Vigil`;
  }, [phase, run, inPage]);

  const download = useCallback(
    (format: DownloadFormat, pdf?: { landscape: boolean; formatA2: boolean }) => {
      if (phase.kind !== 'ready' || !phase.job.document) return;
      setBusy(format);
      downloadReport(phase.job.type, storageKey, format, reportFileName(phase.job.document, format), pdf)
        .catch((err: unknown) => snackbar.error(err))
        .finally(() => setBusy(null));
    },
    [phase, storageKey, snackbar],
  );

  let body;
  if (!run) {
    body = (
      <Alert severity="warning" sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
        This report&apos;s filters are not available here. Generate it again from Reporting → On Demand.
      </Alert>
    );
  } else if (phase.kind === 'starting' || phase.kind === 'running') {
    body = (
      <Progress type={run.type} startedAt={startedAt} onStop={() => void stop().catch((e) => snackbar.error(e))} />
    );
  } else if (phase.kind === 'failed' || phase.kind === 'stopped') {
    body = (
      <Alert
        severity={phase.kind === 'failed' ? 'error' : 'info'}
        sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Generate again
          </Button>
        }
      >
        {phase.kind === 'failed' ? phase.message : 'Report generation was stopped.'}
      </Alert>
    );
  } else {
    body = (
      <>
        <Toolbar job={phase.job} inPage={inPage} onDownload={download} busy={busy} />
        {phase.job.document && (
          <ReportView
            doc={phase.job.document}
            logo={settings.CustomLogo}
            brandColor={settings.PrimaryColor}
            footer={settings.FooterText}
          />
        )}
      </>
    );
  }

  return (
    <LightTheme>
      <Box
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          p: { xs: 2, sm: 3 },
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          '@media print': { p: 0, border: 0 },
        }}
        data-report-phase={phase.kind}
      >
        {body}
      </Box>
    </LightTheme>
  );
}
