// A scheduled report's last run: when, sent or failed, and the size; the recipients or the error on hover.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ScheduledReport } from '@vigil/contract';
import { sizeText } from '../../../../lib/schedule';

export function LastRunCell({ report, dateTime }: { report: ScheduledReport; dateTime: (v: string) => string }) {
  const run = report.LastRun;
  if (!run) return <Typography sx={{ fontSize: 'inherit', color: 'text.disabled' }}>Never</Typography>;
  const failed = run.Outcome === 'Failed';
  const text = `${dateTime(run.At)} · ${failed ? 'Failed' : 'Sent'}${run.SizeBytes !== null && !failed ? ` · ${sizeText(run.SizeBytes)}` : ''}`;
  return (
    <Tooltip title={failed ? (run.Error ?? 'Failed') : `Sent to ${run.Recipients.join(', ')}`}>
      <Box
        component="span"
        data-outcome={run.Outcome}
        sx={{ color: failed ? 'error.main' : 'text.primary', fontWeight: failed ? 600 : 400 }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
