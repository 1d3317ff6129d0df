// The day (with its range strip) and the filters of Daily Activity, which fold away on phones.
import type { Dispatch, SetStateAction } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import { DayPicker, DayStrip } from '../../../../components/DayPicker';
import type { DayRange, IsoDay } from '../../../../lib/days';
import type { TenantFormats } from '../../../../lib/tenantFormats';
import type { DailyFilters } from '../../api/dailyActivity';
import { activeFilterCount, DailyFiltersFields } from '../DailyFiltersFields';
import { FiltersToggle } from './FiltersToggle';

export function DayAndFilters({
  f,
  date,
  range,
  shownRange,
  setDate,
  filters,
  setFilters,
  filtersOpen,
  setFiltersOpen,
  canView,
}: {
  f: TenantFormats;
  date: IsoDay;
  range: DayRange | null;
  shownRange: DayRange | null;
  setDate: (d: IsoDay, r?: DayRange | null) => void;
  filters: DailyFilters;
  setFilters: (filters: DailyFilters) => void;
  filtersOpen: boolean;
  setFiltersOpen: Dispatch<SetStateAction<boolean>>;
  canView: boolean;
}) {
  const activeCount = activeFilterCount(filters);
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: '14px', mb: 2, px: 2, py: 1.5 }}
      component="section"
      aria-label="Day and filters"
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <DayPicker
          id="daily-date"
          value={date}
          today={f.today}
          onChange={(d, r) => setDate(d, r ?? (range && d >= range.from && d <= range.to ? range : null))}
          presets
          dateFormat={f.dateFormat}
        />
        <Box sx={{ flex: 1 }} />
        <FiltersToggle activeCount={activeCount} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} />
      </Box>
      {shownRange && (
        <Box sx={{ mt: 1 }}>
          <DayStrip range={shownRange} value={date} onChange={(d) => setDate(d)} label="Days of the chosen range" />
        </Box>
      )}
      <Collapse in={filtersOpen} id="daily-filters">
        <DailyFiltersFields filters={filters} setFilters={setFilters} canView={canView} />
      </Collapse>
    </Paper>
  );
}
