// A report's companies, statuses, vendors and tags, with the choices the audit offers.
import type { ReportFilters } from '@vigil/contract';
import { MultiSelect } from '../../../../components/MultiSelect';
import { useFilterChoices } from '../../../../components/filterChoices';

export function ReportChoiceFields({
  uses,
  filters,
  set,
  idPrefix,
}: {
  /** The filters this report type has. */
  uses: Set<string>;
  filters: ReportFilters;
  set: (patch: Partial<ReportFilters>) => void;
  idPrefix: string;
}) {
  const { companies, vendors, tags, statusOptions, loading } = useFilterChoices();
  return (
    <>
      {uses.has('companies') && (
        <MultiSelect
          id={`${idPrefix}-companies`}
          label="Companies"
          placeholder="All companies"
          options={companies}
          loading={loading}
          value={filters.Companies}
          onChange={(Companies) => set({ Companies })}
        />
      )}
      {uses.has('statuses') && (
        <MultiSelect
          id={`${idPrefix}-statuses`}
          label="Statuses"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.Statuses}
          onChange={(Statuses) => set({ Statuses })}
        />
      )}
      {uses.has('vendors') && (
        <MultiSelect
          id={`${idPrefix}-vendors`}
          label="Vendors"
          placeholder="All vendors"
          options={vendors}
          loading={loading}
          value={filters.Vendors}
          onChange={(Vendors) => set({ Vendors })}
        />
      )}
      {uses.has('tags') && (
        <MultiSelect
          id={`${idPrefix}-tags`}
          label="Tags"
          placeholder="Any tag"
          options={tags}
          loading={loading}
          value={filters.Tags}
          onChange={(Tags) => set({ Tags })}
        />
      )}
    </>
  );
}
