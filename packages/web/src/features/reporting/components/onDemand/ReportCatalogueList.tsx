// The report catalogue in its categories, with the chosen report marked.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReportType } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import type { useReportCatalogue } from '../../api/reports';
import { ReportCard } from './ReportCard';

export function ReportCatalogueList({
  catalogue,
  selected,
  onSelect: select,
}: {
  catalogue: ReturnType<typeof useReportCatalogue>;
  selected: ReportType | undefined;
  onSelect: (type: ReportType) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {catalogue.isPending &&
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} aria-hidden="true" />)}
      {catalogue.error && <QueryError error={catalogue.error} onRetry={() => void catalogue.refetch()} />}
      {catalogue.data?.map((group) => (
        <Box component="section" key={group.category} aria-label={group.category}>
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
            {group.category}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.25 }}>
            {group.reports.map((r) => (
              <ReportCard key={r.type} entry={r} selected={r.type === selected} onSelect={() => select(r.type)} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
