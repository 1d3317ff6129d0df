import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { BrandMark } from '../components/Logo';
import { OfflineBanner } from '../components/OfflineBanner';

/** Public and wizard pages: the brand on top, no navigation. */
export function PlainLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <OfflineBanner />
      <Box sx={{ px: 3, py: 2 }}>
        <BrandMark size={30} />
      </Box>
      <Box component="main" sx={{ maxWidth: 1240, mx: 'auto', px: { xs: 2, md: 3 }, py: 3 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
