import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { REPORT_TYPES } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { useSnackbar } from '../../../components/snackbar';
import { browserStorage } from '../../../lib/storage';
import { LightTheme } from '../components/LightTheme';
import { ReportView } from '../components/ReportView';
import { ReportProgress } from '../components/window/ReportProgress';
import { ReportRunEnded, ReportRunLost } from '../components/window/ReportRunNotices';
import { ReportToolbar } from '../components/window/ReportToolbar';
import { useReportDownload } from '../components/window/useReportDownload';
import { useReportJob } from '../components/window/useReportJob';
import { readRun } from '../reportStorage';

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
  const { download, busy } = useReportDownload(phase, storageKey);

  useEffect(() => {
    const title = phase.kind === 'ready' ? phase.job.document?.title : run ? REPORT_TYPES[run.type].title : null;
    if (title && !inPage) document.title = `${title} · Vigil`;
  }, [phase, run, inPage]);

  let body;
  if (!run) {
    body = <ReportRunLost />;
  } else if (phase.kind === 'starting' || phase.kind === 'running') {
    body = (
      <ReportProgress
        type={run.type}
        startedAt={startedAt}
        onStop={() => void stop().catch((e) => snackbar.error(e))}
      />
    );
  } else if (phase.kind === 'failed' || phase.kind === 'stopped') {
    body = <ReportRunEnded phase={phase} onRetry={retry} />;
  } else {
    body = (
      <>
        <ReportToolbar job={phase.job} inPage={inPage} onDownload={download} busy={busy} />
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
