import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GRID_PAGE_SIZES } from './constants';
import { loadedText } from './loading';

/** "Loaded X of Y (N pages)", the selection count and the "Per page" selector. */
export function GridFooter({
  id,
  loaded,
  total,
  pageSize,
  pages,
  onPageSizeChange,
  selectedCount,
}: {
  id: string;
  loaded: number;
  total: number | undefined;
  pageSize: number;
  pages: number | undefined;
  onPageSizeChange: ((size: number) => void) | undefined;
  selectedCount: number;
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
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {loadedText(loaded, total, pageSize, pages)}
      </Typography>
      {selectedCount > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {selectedCount.toLocaleString('en-US')} selected
        </Typography>
      )}
      <Box sx={{ flex: 1 }} />
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
    </Box>
  );
}
