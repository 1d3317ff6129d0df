import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The bar above the grid: the screen's own controls (`toolbar`) on the left, then `children`
 * (the tile sort control on small screens, the grid menu).
 */
export function GridToolbar({ tiles, toolbar, children }: { tiles: boolean; toolbar: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        minHeight: 52,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* Tiles (small screens): the toolbar keeps its widest control whole and the sort control wraps below. */}
      <Box
        sx={{
          flex: 1,
          minWidth: tiles ? 'auto' : 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        {toolbar}
      </Box>
      {children}
    </Box>
  );
}
