import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MultiSelect } from '../../../components/MultiSelect';
import { DebouncedSearchField } from '../../../components/SearchField';
import { EMPTY_DAILY_FILTERS, type DailyFilters } from '../api/dailyActivity';
import { activeFilterCount, NO_COMPANY_ID, STATUS_OPTIONS, useDailyFilterChoices } from './dailyFilterOptions';

export { activeFilterCount } from './dailyFilterOptions';

/** The filter fields of Daily Activity, with a way to clear them when any is set. */
export function DailyFiltersFields({
  filters,
  setFilters,
  canView,
}: {
  filters: DailyFilters;
  setFilters: (filters: DailyFilters) => void;
  canView: boolean;
}) {
  const { options, companyOptions, vendorOptions } = useDailyFilterChoices(canView);
  const activeCount = activeFilterCount(filters);

  return (
    <>
      <Box
        sx={{
          pt: 1.5,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))',
          alignItems: 'start',
        }}
      >
        <MultiSelect
          id="daily-filter-companies"
          label="Companies"
          options={companyOptions}
          loading={options.isPending && canView}
          value={[...(filters.includeNoCompany ? [NO_COMPANY_ID] : []), ...filters.companies]}
          onChange={(v) =>
            setFilters({
              ...filters,
              companies: v.filter((x) => x !== NO_COMPANY_ID),
              includeNoCompany: v.includes(NO_COMPANY_ID),
            })
          }
        />
        <MultiSelect
          id="daily-filter-statuses"
          label="Statuses"
          options={STATUS_OPTIONS}
          value={filters.statuses}
          onChange={(statuses) => setFilters({ ...filters, statuses })}
        />
        <MultiSelect
          id="daily-filter-vendors"
          label="Vendors"
          options={vendorOptions}
          loading={options.isPending && canView}
          value={filters.vendors}
          onChange={(vendors) => setFilters({ ...filters, vendors })}
        />
        <DebouncedSearchField
          id="daily-search"
          label="Search"
          value={filters.search}
          onCommit={(search) => setFilters({ ...filters, search })}
        />
      </Box>
      {activeCount > 0 && (
        <Button size="small" onClick={() => setFilters(EMPTY_DAILY_FILTERS)} sx={{ mt: 1 }}>
          Clear filters
        </Button>
      )}
    </>
  );
}
