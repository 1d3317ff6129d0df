import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/**
 * The outline of a screen while its data or code loads: a page title and a few cards, so the
 * content area is never blank. `tiles` draws a dashboard-like grid of tile shapes.
 */
export function PageSkeleton({ label = 'Loading', tiles = false }: { label?: string; tiles?: boolean }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" width={90} height={18} />
          <Skeleton variant="text" sx={{ width: { xs: '70%', sm: 320 } }} height={44} />
        </Box>
        <Skeleton variant="rounded" width={120} height={36} sx={{ display: { xs: 'none', sm: 'block' } }} />
      </Box>
      {tiles ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={i < 3 ? 150 : 260} sx={{ borderRadius: '14px' }} />
          ))}
        </Box>
      ) : (
        <>
          <Skeleton variant="rounded" height={56} sx={{ borderRadius: '14px' }} />
          <Skeleton variant="rounded" height={320} sx={{ borderRadius: '14px' }} />
        </>
      )}
    </Box>
  );
}
