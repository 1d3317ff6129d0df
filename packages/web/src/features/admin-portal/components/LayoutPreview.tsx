import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { DASHBOARD_GRID } from '@vigil/contract';
import type { TileDraft } from '../layoutDraft';
import { TILE_TYPE_LABELS } from './layoutEditor/tileLabels';

/** The tiles on the 12-column grid, at half the dashboard's row height. */
export function LayoutPreview({ tiles }: { tiles: readonly TileDraft[] }) {
  const cols = DASHBOARD_GRID.cols.xs;
  const valid = tiles.filter((t) => [t.row, t.col, t.sizeX, t.sizeY].every(Number.isInteger));
  return (
    <Box>
      <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>Preview</Typography>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${cols}, 1fr)`,
          gridAutoRows: DASHBOARD_GRID.rowHeight / 2,
          gap: 0.5,
          p: 0.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        {valid.map((t) => (
          <Box
            key={t.key}
            sx={(theme) => ({
              gridColumn: `${Math.min(t.col, cols - 1) + 1} / span ${Math.max(1, Math.min(t.sizeX, cols - Math.min(t.col, cols - 1)))}`,
              gridRow: `${t.row + 1} / span ${Math.max(1, t.sizeY)}`,
              borderRadius: 0.75,
              border: 1,
              borderColor: alpha(theme.palette.primary.main, 0.5),
              bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
              px: 0.75,
              py: 0.25,
              overflow: 'hidden',
              fontSize: 12,
              lineHeight: 1.3,
            })}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t.title || 'Untitled'}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {TILE_TYPE_LABELS[t.type]}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
