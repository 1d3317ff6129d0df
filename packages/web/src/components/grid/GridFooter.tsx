import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GRID_PAGE_SIZES } from './constants';
import { loadedText } from './loading';

/**
 * The "Per page" selector, "Showing X of Y rows · page 1 of N" and the selection count. The
 * selector comes first: the page's scroll-to-top button floats over the bottom right corner.
 */
export function GridFooter({
  id,
  loaded,
  total,
  pageSize,
  pages,
  onPageSizeChange,
  selectedCount,
  noun,
}: {
  id: string;
  loaded: number;
  total: number | undefined;
  pageSize: number;
  pages: number | undefined;
  onPageSizeChange: ((size: number) => void) | undefined;
  selectedCount: number;
  /** What a row is, in the plural ("backups"). */
  noun?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        minHeight: 48,
        px: 2,
        // Room for the page's scroll-to-top button, which floats over the bottom right corner.
        pr: 8,
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {onPageSizeChange && (
        <TextField
          id={`${id}-page-size`}
          select
          size="small"
          label="Per page"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 110 }}
        >
          {GRID_PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {loadedText(loaded, total, pageSize, pages, noun)}
      </Typography>
      {selectedCount > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {selectedCount.toLocaleString('en-US')} selected
        </Typography>
      )}
    </Box>
  );
}
