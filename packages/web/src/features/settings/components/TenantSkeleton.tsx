import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

/** One field's outline: its label above a field-sized block, so nothing overlaps while loading. */
const Field = () => (
  <Box>
    <Skeleton variant="text" width={120} height={18} />
    <Skeleton variant="rounded" height={48} />
  </Box>
);

/** Settings → Tenant while its settings, time zones, countries and formats load. */
export function TenantSkeleton() {
  const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box role="progressbar" aria-label="Loading tenant settings" sx={{ display: 'grid', gap: 2, maxWidth: 860 }}>
      <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Field />
        {[0, 1, 2].map((i) => (
          <Box key={i} sx={pair}>
            <Field />
            <Field />
          </Box>
        ))}
        <Skeleton variant="rounded" height={44} />
      </Paper>
      <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Skeleton variant="text" width={100} height={28} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="text" sx={{ width: { xs: '100%', sm: '60%' } }} />
        ))}
      </Paper>
    </Box>
  );
}
