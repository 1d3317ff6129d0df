// An insight card while the overview loads.
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

export function InsightCardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: 190 }}>
      <Skeleton width="70%" />
      <Skeleton width={60} height={48} />
      <Skeleton width="40%" />
    </Paper>
  );
}
