import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResultReading } from '@vigil/contract';
import { ToneChip } from './chips';

/** "Generic" beside a result the generic reader filed, and the words that decided it. */
export function GenericReadingNote({ reading }: { reading: ResultReading | null | undefined }) {
  if (!reading) return null;
  return (
    <Box sx={{ mt: 0.75 }}>
      <ToneChip label="Generic" tone="info" />
      <Typography component="div" sx={{ color: 'text.secondary', fontSize: 12.5, mt: 0.5, overflowWrap: 'anywhere' }}>
        Read by the generic reader ({Math.round(reading.Confidence * 100)}% sure): {reading.Reasons.join(' · ')}
      </Typography>
    </Box>
  );
}
