import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { moreText, visibleTags } from '../../../lib/audit';

/** A backup's tags: two chips, then "+N more" with the rest in a tooltip (features §9). */
export function TagList({
  tags,
  limit = 2,
  wrap = false,
}: {
  tags: readonly string[];
  limit?: number;
  wrap?: boolean;
}) {
  if (!tags.length) return <Box component="span">-</Box>;
  const { shown, more } = visibleTags(tags, limit);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        flexWrap: wrap ? 'wrap' : 'nowrap',
        gap: 0.5,
        verticalAlign: 'middle',
        maxWidth: '100%',
        overflow: 'hidden',
      }}
    >
      {shown.map((t) => (
        <Chip key={t} size="small" variant="outlined" label={t} sx={{ height: 22, fontWeight: 500, maxWidth: 120 }} />
      ))}
      {more > 0 && (
        <Tooltip title={tags.slice(limit).join(', ')}>
          <Chip size="small" label={moreText(more)} sx={{ height: 22, fontWeight: 500 }} />
        </Tooltip>
      )}
    </Box>
  );
}
