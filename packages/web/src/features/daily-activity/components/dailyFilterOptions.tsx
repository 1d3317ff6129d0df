// The choices of Daily Activity's filters (companies, statuses with swatches, vendors), and how many are set.
import Box from '@mui/material/Box';
import type { MultiSelectOption } from '../../../components/MultiSelect';
import { useAuditOptions } from '../../../lib/auditApi';
import { statusColour } from '../../../components/results/StatusChip';
import { dayStatusInfo, RESULT_STATUSES, type ResultStatusCode } from '../../../lib/audit';
import type { DailyFilters } from '../api/dailyActivity';

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
export const STATUS_OPTIONS: MultiSelectOption<ResultStatusCode>[] = [...RESULT_STATUSES]
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

/** Stands for "no company" among the company choices. */
export const NO_COMPANY_ID = -1;

export function useDailyFilterChoices(canView: boolean) {
  const options = useAuditOptions(canView);
  const companyOptions: MultiSelectOption<number>[] = (options.data?.companies ?? []).map((c) => ({
    value: c.id ?? NO_COMPANY_ID,
    label: c.name,
  }));
  const vendorOptions: MultiSelectOption<string>[] = (options.data?.vendors ?? []).map((v) => ({
    value: v.id,
    label: v.name,
  }));
  return { options, companyOptions, vendorOptions };
}
