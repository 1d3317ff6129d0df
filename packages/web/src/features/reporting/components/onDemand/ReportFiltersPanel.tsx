// The filters of the chosen report, Reset and Generate; before a choice, a hint on wide screens.
import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import type { ReportFilters } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { readScreenFilters } from '../../reportStorage';
import { ReportFiltersFields } from '../ReportFiltersFields';
import type { CatalogueEntry } from './ReportCard';
import { ReportFilterChips } from './ReportFilterChips';

export function ReportFiltersPanel({
  selected,
  hasCatalogue,
  filters,
  setFilters,
  onGenerate: generate,
  filtersRef,
}: {
  selected: CatalogueEntry | null;
  hasCatalogue: boolean;
  filters: ReportFilters;
  setFilters: (next: ReportFilters) => void;
  onGenerate: () => void;
  filtersRef: RefObject<HTMLDivElement | null>;
}) {
  const formats = useTenantFormats();
  return selected ? (
    <Paper
      ref={filtersRef}
      variant="outlined"
      component="section"
      aria-label={`${selected.title} filters`}
      sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 88 }, scrollMarginTop: 80 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        <AssessmentOutlinedIcon color="primary" sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          {/* The chosen card already names and describes the report: the panel names what it holds. */}
          <Typography variant="h6" component="h2">
            Filters
          </Typography>
          <ReportFilterChips filters={selected.filters} />
        </Box>
      </Box>
      <ReportFiltersFields
        type={selected.type}
        filters={filters}
        onChange={setFilters}
        today={formats.today}
        formatDay={formats.day}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button color="inherit" onClick={() => setFilters(readScreenFilters(null))}>
          Reset
        </Button>
        <Button variant="contained" onClick={generate}>
          Generate
        </Button>
      </Box>
    </Paper>
  ) : hasCatalogue ? (
    <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary', display: { xs: 'none', md: 'block' } }}>
      Choose a report to see its filters.
    </Paper>
  ) : null;
}
