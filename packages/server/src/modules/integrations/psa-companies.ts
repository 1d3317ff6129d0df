import type { CompanySyncResult } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import type { PsaClient } from './psa/types.ts';
import { filterOptions, filtersOf, passesFilters, propertiesOf } from './psa-filters.ts';
import type { IntegrationRow } from './types.ts';

interface CompanyRow {
  id: number;
  name: string;
  type: number;
  psa_id: string | null;
  psa_data: unknown;
}

/** jsonb reorders keys, so stored PSA data is compared field by field. */
function samePsaData(stored: unknown, next: { Identifier: string | null; Types: string[]; Status: string | null }) {
  const o = (stored ?? {}) as Partial<typeof next>;
  return (
    (o.Identifier ?? null) === next.Identifier &&
    (o.Status ?? null) === next.Status &&
    JSON.stringify(o.Types ?? []) === JSON.stringify(next.Types)
  );
}

/** A sync or preload stopped by a cancel. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Brings the PSA's companies (those the filters let through) into Vigil as PSA companies:
 * linked by PSA id, a local company of the same name taken over, the rest created. With
 * DetachMissing, PSA companies no longer listed become local ones again.
 */
export async function syncCompanies(
  deps: Pick<Deps, 'database'>,
  row: IntegrationRow,
  client: PsaClient,
  signal: AbortSignal,
): Promise<CompanySyncResult> {
  const { types, statuses } = await filterOptions(client);
  const filters = filtersOf(row, statuses);
  const listed = await client.listCompanies(signal);
  if (signal.aborted) throw new Cancelled();
  const typeName = new Map(types.map((o) => [o.Id, o.Name]));
  const statusName = new Map(statuses.map((o) => [o.Id, o.Name]));
  const seen = new Set<string>();
  const matching = listed.filter((c) => {
    if (seen.has(c.Id) || !passesFilters(c, filters)) return false;
    seen.add(c.Id);
    return true;
  });

  return deps.database.transaction(async (q) => {
    if (signal.aborted) throw new Cancelled();
    const rows = (
      await q<CompanyRow>('SELECT id, name, type, psa_id, psa_data FROM companies WHERE tenant_id = $1 FOR UPDATE', [
        row.tenantId,
      ])
    ).rows;
    const byPsa = new Map(rows.filter((r) => r.psa_id !== null).map((r) => [r.psa_id!, r]));
    const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
    const updates: { id: number; name: string; psaId: string | null; type: number; data: string | null }[] = [];
    const inserts: { name: string; psaId: string; data: string }[] = [];
    const rename = (r: CompanyRow, name: string) => {
      byName.delete(r.name.toLowerCase());
      r.name = name;
      byName.set(name.toLowerCase(), r);
    };

    for (const c of matching) {
      const data = {
        Identifier: c.Identifier,
        Types: c.TypeIds.map((t) => typeName.get(t) ?? t),
        Status: c.StatusId ? (statusName.get(c.StatusId) ?? c.StatusId) : null,
      };
      const json = JSON.stringify(data);
      const wanted = (c.Name.trim() || c.Identifier || `Company ${c.Id}`).slice(0, 200);
      const linked = byPsa.get(c.Id);
      if (linked) {
        // A rename in the PSA follows unless another company already has that name.
        const holder = byName.get(wanted.toLowerCase());
        const name = !holder || holder === linked ? wanted : linked.name;
        if (name !== linked.name || linked.type !== 0 || !samePsaData(linked.psa_data, data)) {
          rename(linked, name);
          updates.push({ id: linked.id, name, psaId: c.Id, type: 0, data: json });
        }
        continue;
      }
      const local = byName.get(wanted.toLowerCase());
      if (local && local.psa_id === null) {
        local.psa_id = c.Id;
        byPsa.set(c.Id, local);
        rename(local, wanted);
        updates.push({ id: local.id, name: wanted, psaId: c.Id, type: 0, data: json });
        continue;
      }
      // Two PSA companies of one name: the later one carries its identifier.
      let name = wanted;
      if (local) name = `${wanted} (${c.Identifier ?? c.Id})`.slice(0, 200);
      if (byName.has(name.toLowerCase())) continue;
      const created: CompanyRow = { id: 0, name, type: 0, psa_id: c.Id, psa_data: data };
      byName.set(name.toLowerCase(), created);
      byPsa.set(c.Id, created);
      inserts.push({ name, psaId: c.Id, data: json });
    }

    let detached = 0;
    const props = propertiesOf(row);
    if (props.DetachMissing) {
      for (const r of rows) {
        if (r.psa_id !== null && !seen.has(r.psa_id)) {
          updates.push({ id: r.id, name: r.name, psaId: null, type: 1, data: null });
          detached++;
        }
      }
    }

    if (updates.length) {
      await q(
        `UPDATE companies c SET name = x.name, type = x.type, psa_id = x.psa_id, psa_data = x.data::jsonb
           FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[]) AS x(id, name, type, psa_id, data)
          WHERE c.id = x.id AND c.tenant_id = $1`,
        [
          row.tenantId,
          updates.map((u) => u.id),
          updates.map((u) => u.name),
          updates.map((u) => u.type),
          updates.map((u) => u.psaId),
          updates.map((u) => u.data),
        ],
      );
    }
    for (let i = 0; i < inserts.length; i += 1000) {
      const chunk = inserts.slice(i, i + 1000);
      await q(
        `INSERT INTO companies (tenant_id, name, type, psa_id, psa_data)
         SELECT $1, x.name, 0, x.psa_id, x.data::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS x(name, psa_id, data)`,
        [row.tenantId, chunk.map((c) => c.name), chunk.map((c) => c.psaId), chunk.map((c) => c.data)],
      );
    }
    return {
      Created: inserts.length,
      Updated: updates.length - detached,
      Detached: detached,
      // Every company the PSA listed, filtered out or not.
      Total: new Set(listed.map((c) => c.Id)).size,
    };
  });
}
