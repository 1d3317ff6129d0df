// Which filters the chosen report uses, as chips.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { CatalogueEntry } from './ReportCard';

const FILTER_LABELS: Record<string, string> = {
  dateRange: 'Date range',
  companies: 'Companies',
  statuses: 'Statuses',
  vendors: 'Vendors',
  tags: 'Tags',
};

export function ReportFilterChips({ filters }: { filters: CatalogueEntry['filters'] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
      {filters.length === 0 ? (
        <Chip size="small" label="No filters" variant="outlined" />
      ) : (
        filters.map((f) => <Chip key={f} size="small" variant="outlined" label={FILTER_LABELS[f] ?? f} />)
      )}
    </Box>
  );
}
