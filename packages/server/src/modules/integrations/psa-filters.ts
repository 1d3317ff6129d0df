import {
  CrmFilterProperties,
  CrmFilters,
  type CrmFilterOption,
  type CrmFiltersView,
  type PsaCompany,
  type PsaOption,
} from '@vigil/contract';
import type { PsaClient } from './psa/types.ts';
import type { IntegrationRow } from './types.ts';

/** Which PSA companies a sync brings in (types and statuses), and the properties of a sync. */

const DEFAULT_PROPERTIES: CrmFilterProperties = { AutoSync: false, DetachMissing: false };

export function propertiesOf(row: IntegrationRow): CrmFilterProperties {
  const p = CrmFilterProperties.safeParse(row.filterProperties);
  return p.success ? p.data : DEFAULT_PROPERTIES;
}

/**
 * The filters a sync applies. Never saved: every type, the active statuses only, and companies
 * without a type or status too — a new PSA link brings in the live customers, not old leads.
 */
export function filtersOf(row: IntegrationRow, statuses: PsaOption[]): CrmFilters {
  const f = CrmFilters.safeParse(row.filters);
  if (f.success) return f.data;
  const active = statuses.filter((s) => s.IsActive !== false);
  return {
    Types: [],
    Statuses: active.length === statuses.length ? [] : active.map((s) => s.Id),
    SyncCompaniesWithoutType: true,
    SyncCompaniesWithoutStatus: true,
  };
}

/** An empty list does not restrict; a company without a type (status) passes when the flag says so. */
export function passesFilters(c: PsaCompany, f: CrmFilters): boolean {
  const typeOk = c.TypeIds.length
    ? f.Types.length === 0 || c.TypeIds.some((t) => f.Types.includes(t))
    : f.SyncCompaniesWithoutType;
  const statusOk =
    c.StatusId === null || c.StatusId === ''
      ? f.SyncCompaniesWithoutStatus
      : f.Statuses.length === 0 || f.Statuses.includes(c.StatusId);
  return typeOk && statusOk;
}

export function filtersView(filters: CrmFilters, types: PsaOption[], statuses: PsaOption[]): CrmFiltersView {
  const option = (o: PsaOption, selected: string[], withActive: boolean): CrmFilterOption => ({
    Id: o.Id,
    Name: o.Name,
    ...(withActive ? { IsActive: o.IsActive !== false } : {}),
    Selected: selected.includes(o.Id),
  });
  return {
    ...filters,
    TypeOptions: types.map((o) => option(o, filters.Types, false)),
    StatusOptions: statuses.map((o) => option(o, filters.Statuses, true)),
  };
}

export async function filterOptions(client: PsaClient): Promise<{ types: PsaOption[]; statuses: PsaOption[] }> {
  const [types, statuses] = await Promise.all([client.filterOptions('types'), client.filterOptions('statuses')]);
  return { types, statuses };
}
