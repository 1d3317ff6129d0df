// The filters of a report in words, as label and value pairs.
import Box from '@mui/material/Box';
import type { ReportDocument } from '@vigil/contract';

export function ReportFacts({ facts }: { facts: ReportDocument['facts'] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        my: 2,
        fontSize: 14,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0 },
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
