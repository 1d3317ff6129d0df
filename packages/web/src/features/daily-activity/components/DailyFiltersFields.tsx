import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MultiSelect, type MultiSelectOption } from '../../../components/MultiSelect';
import { DebouncedSearchField } from '../../../components/SearchField';
import { useAuditOptions } from '../../../lib/auditApi';
import { statusColour } from '../../../components/results/StatusChip';
import { dayStatusInfo, RESULT_STATUSES, type ResultStatusCode } from '../../../lib/audit';
import { EMPTY_DAILY_FILTERS, type DailyFilters } from '../api/dailyActivity';

const NO_COMPANY_ID = -1;

function StatusSwatch({ status }: { status: number }) {
  return (
    <Box
      component="span"
      sx={(t) => ({
        width: 10,
        height: 10,
        borderRadius: '3px',
        flexShrink: 0,
        bgcolor: statusColour(t, dayStatusInfo(status).colour),
      })}
    />
  );
}
const STATUS_OPTIONS: MultiSelectOption<ResultStatusCode>[] = [...RESULT_STATUSES]
  .reverse()
  .map((s) => ({ value: s, label: dayStatusInfo(s).label, adornment: <StatusSwatch status={s} /> }));

/** How many filters are set: companies, statuses, vendors and search count one each. */
export function activeFilterCount(filters: DailyFilters): number {
  return (
    (filters.companies.length || filters.includeNoCompany ? 1 : 0) +
    (filters.statuses.length ? 1 : 0) +
    (filters.vendors.length ? 1 : 0) +
    (filters.search ? 1 : 0)
  );
}

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
  const options = useAuditOptions(canView);
  const companyOptions: MultiSelectOption<number>[] = (options.data?.companies ?? []).map((c) => ({
    value: c.id ?? NO_COMPANY_ID,
    label: c.name,
  }));
  const vendorOptions: MultiSelectOption<string>[] = (options.data?.vendors ?? []).map((v) => ({
    value: v.id,
    label: v.name,
  }));
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
