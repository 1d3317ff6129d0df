import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AlertAnalysisVersion } from '@vigil/contract';
import { AssessmentChip } from './AssessmentChip';

/** The analysis versions of one e-mail, newest first (features §3.2: Assessment, confidence, ParsedAt, ParserVersion). */
export function AnalysisVersions({
  versions,
  formatTime,
}: {
  versions: readonly AlertAnalysisVersion[] | undefined;
  formatTime: (iso: string) => string;
}) {
  if (!versions?.length) {
    return <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>Not analysed yet.</Typography>;
  }
  const sorted = [...versions].sort((a, b) => b.Version - a.Version);
  return (
    <Box component="ol" aria-label="Analysis versions" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {sorted.map((v, i) => (
        <Box
          component="li"
          key={v.Id}
          data-testid="analysis-version"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            alignItems: 'center',
            columnGap: 1.5,
            rowGap: 0.25,
            p: 1.25,
            borderRadius: '10px',
            border: 1,
            borderColor: i === 0 ? 'primary.main' : 'divider',
          }}
        >
          <Typography sx={{ fontWeight: 700, fontSize: 14, fontVariantNumeric: 'tabular-nums' }}>
            v{v.Version}
            {i === 0 ? ' · latest' : ''}
          </Typography>
          <AssessmentChip assessment={v.Assessment} confidence={v.AssessmentConfidence} />
          <Typography sx={{ fontSize: 13, gridColumn: '1 / -1' }}>{formatTime(v.ParsedAt)}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', gridColumn: '1 / -1', overflowWrap: 'anywhere' }}>
            Model {v.ParserVersion}
            {v.Classification ? ` · ${v.Classification.Label}` : ''} · {v.Annotations.length} labels
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
