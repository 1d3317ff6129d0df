import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';

interface Progress {
  Sent: number;
  Total: number;
}

const POLL_MS = 3000;

/**
 * While a fresh demo server still loads its history in the background, a small notice at the
 * bottom of every page says how far it is; it goes away once the history is in.
 */
export function DemoLoadingBanner() {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const body = (await fetch('/api/health')
        .then((r) => r.json())
        .catch(() => null)) as { DemoLoading?: Progress } | null;
      if (!alive) return;
      setProgress(body?.DemoLoading ?? null);
      if (body?.DemoLoading) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);
  if (!progress) return null;
  const percent = progress.Total ? Math.round((progress.Sent / progress.Total) * 100) : 0;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        // Over the page, under drawers and dialogs: it must never cover a dialog's buttons.
        zIndex: (t) => t.zIndex.appBar,
        width: 'min(440px, calc(100vw - 32px))',
        boxShadow: 3,
        '& .MuiAlert-message': { width: '100%' },
      }}
    >
      Loading the demo history: {progress.Sent.toLocaleString()} of {progress.Total.toLocaleString() || '…'} e-mails.
      Screens fill in as it arrives.
      <LinearProgress variant="determinate" value={percent} sx={{ mt: 1 }} aria-label="Demo history loaded" />
    </Alert>
  );
}
