// An insight type's count of backups, and whether its suggestions apply with one click.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { InsightOverview } from '@vigil/contract';

export function InsightCount({ item }: { item: InsightOverview['Types'][number] }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
      <Typography
        sx={{ fontSize: 36, fontWeight: 700, lineHeight: 1, color: item.Count ? 'text.primary' : 'text.disabled' }}
        data-testid={`insight-count-${item.Type}`}
      >
        {item.Count.toLocaleString('en-US')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{item.Count === 1 ? 'backup' : 'backups'}</Typography>
      {item.Selectable && (
        <Chip size="small" label="One-click fix" color="primary" variant="outlined" sx={{ ml: 'auto' }} />
      )}
    </Box>
  );
}
