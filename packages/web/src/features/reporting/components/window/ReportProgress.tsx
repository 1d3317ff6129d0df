// The report window while a report is generated: how long it has worked, and Stop.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { REPORT_TYPES, type ReportType } from '@vigil/contract';

function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

export function ReportProgress({
  type,
  startedAt,
  onStop,
}: {
  type: ReportType;
  startedAt: number;
  onStop: () => void;
}) {
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
