// The tenant's usage: active units against the plan's limit, and the other counts.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Plan } from '@vigil/contract';
import { UsageMeter } from '../../../components/billing/UsageMeter';

export function UsageCard({ data }: { data: Plan }) {
  const units = data.Usage.find((u) => u.Key === 'ActiveBackups');
  const others = data.Usage.filter((u) => u.Key !== 'ActiveBackups');
  return (
    <Paper variant="outlined" component="section" aria-label="Usage" sx={{ p: 2.5, borderRadius: '14px' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        Usage
      </Typography>
      {units && <UsageMeter line={units} />}
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {others.map((u) => (
          <Box key={u.Key} sx={{ minWidth: 0 }}>
            <Typography component="dt" sx={{ fontSize: 13, color: 'text.secondary' }}>
              {u.Label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 20, fontWeight: 650 }}>
              {u.Count.toLocaleString('en-US')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
