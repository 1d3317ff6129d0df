import type {
  ApplyCompaniesAnswer,
  ApplyCompany,
  ClientKind,
  ClientLookup,
  ClientMapInput,
  ClientMapping,
  ClientMappingRow,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { notFound } from '../../platform/errors.ts';
import { assignCompanies, mappingMatchSql, noJit } from './assign.ts';
import { logCompanyCounts, previewFrom } from './rule-apply.ts';
import type { Viewer } from './types.ts';
import { type CompanyRef, suggest } from './client-suggest.ts';
import { type MappingDbRow, toMapping } from './client-mapping-row.ts';

export class ClientService {
  constructor(private readonly database: Database) {}

  private run: QueryFn = (text, params) => this.database.query(text, params);

  private async companies(v: Viewer): Promise<CompanyRef[]> {
    const r = await this.run<CompanyRef>(
      `SELECT id, name, code FROM companies WHERE tenant_id = $1${v.visible ? ' AND id = ANY($2::int[])' : ''}
        ORDER BY lower(name), id`,
      v.visible ? [v.tenantId, v.visible] : [v.tenantId],
    );
    return r.rows;
  }

  async saved(v: Viewer): Promise<ClientMapping[]> {
    const r = await this.run<MappingDbRow>(
      `SELECT m.id, m.kind, m.client_id, m.company_id, c.name AS company_name
         FROM client_mappings m LEFT JOIN companies c ON c.id = m.company_id
        WHERE m.tenant_id = $1${v.visible ? ' AND m.company_id = ANY($2::int[])' : ''}
        ORDER BY m.kind, lower(m.client_id)`,
      v.visible ? [v.tenantId, v.visible] : [v.tenantId],
    );
    return r.rows.map(toMapping);
  }

  /** Every client id on the tenant's backups (and every saved mapping), with its company and suggestion. */
  async list(v: Viewer): Promise<ClientMappingRow[]> {
    const params: unknown[] = [v.tenantId];
    let vis = '';
    if (v.visible) {
      params.push(v.visible);
      vis = ' AND company_id = ANY($2::int[])';
    }
    const seen = await this.run<{ kind: ClientKind; client_id: string; backup_count: number; unassigned: number }>(
      `SELECT kind, min(cid) AS client_id, count(*)::int AS backup_count,
              count(*) FILTER (WHERE company_id IS NULL)::int AS unassigned
         FROM (SELECT 'Tag' AS kind, btrim(client_tag) AS cid, company_id FROM backups
                WHERE tenant_id = $1 AND state <> 'Retired' AND btrim(COALESCE(client_tag, '')) <> ''${vis}
               UNION ALL
               SELECT 'Vendor', btrim(vendor_client_id), company_id FROM backups
                WHERE tenant_id = $1 AND state <> 'Retired' AND btrim(COALESCE(vendor_client_id, '')) <> ''${vis}) x
        GROUP BY kind, lower(cid)`,
      params,
    );
    const [companies, saved] = await Promise.all([this.companies(v), this.saved(v)]);
    const key = (kind: string, id: string) => `${kind}\u0000${id.trim().toLowerCase()}`;
    const savedBy = new Map(saved.map((m) => [key(m.Kind, m.ClientId), m]));
    const rows: ClientMappingRow[] = [];
    const done = new Set<string>();
    const add = (kind: ClientKind, clientId: string, count: number, unassigned: number) => {
      const k = key(kind, clientId);
      done.add(k);
      const m = savedBy.get(k);
      const s = suggest(clientId, companies);
      const auto = s.match === 'Exact' ? s.company : null;
      rows.push({
        Id: m?.Id ?? null,
        Kind: kind,
        ClientId: clientId,
        CompanyId: m ? m.CompanyId : (auto?.id ?? null),
        CompanyName: m ? m.CompanyName : (auto?.name ?? null),
        BackupCount: count,
        UnassignedCount: unassigned,
        Match: s.match,
        SuggestedCompanyId: s.company?.id ?? null,
        SuggestedCompanyName: s.company?.name ?? null,
      });
    };
    for (const r of seen.rows) add(r.kind, r.client_id, Number(r.backup_count), Number(r.unassigned));
    for (const m of saved) if (!done.has(key(m.Kind, m.ClientId))) add(m.Kind, m.ClientId, 0, 0);
    // Unmapped ids needing a decision first, then by id.
    const rank = (r: ClientMappingRow) => (r.CompanyId === null ? 0 : 1);
    return rows.sort(
      (a, b) =>
        rank(a) - rank(b) ||
        a.ClientId.toLowerCase().localeCompare(b.ClientId.toLowerCase()) ||
        a.Kind.localeCompare(b.Kind),
    );
  }

  private async ownCompany(q: QueryFn, v: Viewer, id: number): Promise<string> {
    const r = await q<{ name: string }>('SELECT name FROM companies WHERE id = $1 AND tenant_id = $2', [
      id,
      v.tenantId,
    ]);
    if (!r.rows.length || (v.visible && !v.visible.includes(id))) throw notFound();
    return r.rows[0].name;
  }

  private async ownMapping(q: QueryFn, v: Viewer, id: number): Promise<MappingDbRow> {
    const r = await q<MappingDbRow>(
      `SELECT m.id, m.kind, m.client_id, m.company_id, c.name AS company_name
         FROM client_mappings m LEFT JOIN companies c ON c.id = m.company_id
        WHERE m.id = $1 AND m.tenant_id = $2 FOR UPDATE OF m`,
      [id, v.tenantId],
    );
    const m = r.rows[0];
    if (!m || (v.visible && (m.company_id === null || !v.visible.includes(m.company_id)))) throw notFound();
    return m;
  }

  /** Maps one client id to a company (creating or changing its mapping). */
  async map(actor: Actor, v: Viewer, input: ClientMapInput): Promise<ClientMapping> {
    return this.database.transaction(async (q) => {
      const name = await this.ownCompany(q, v, input.CompanyId);
      const old = await q<MappingDbRow>(
        `SELECT m.id, m.kind, m.client_id, m.company_id, c.name AS company_name
           FROM client_mappings m LEFT JOIN companies c ON c.id = m.company_id
          WHERE m.tenant_id = $1 AND m.kind = $2 AND lower(m.client_id) = lower($3) FOR UPDATE OF m`,
        [v.tenantId, input.Kind, input.ClientId],
      );
      const before = old.rows[0];
      if (before && v.visible && before.company_id !== null && !v.visible.includes(before.company_id)) throw notFound();
      const r = await q<{ id: number; client_id: string }>(
        `INSERT INTO client_mappings (tenant_id, kind, client_id, company_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id, kind, lower(client_id)) DO UPDATE SET company_id = EXCLUDED.company_id
         RETURNING id, client_id`,
        [v.tenantId, input.Kind, input.ClientId, input.CompanyId],
      );
      const mapping = {
        id: r.rows[0].id,
        kind: input.Kind,
        client_id: r.rows[0].client_id,
        company_id: input.CompanyId,
        company_name: name,
      };
      await this.log(q, actor, mapping, before ?? null);
      return toMapping(mapping);
    });
  }

  async update(actor: Actor, v: Viewer, id: number, companyId: number): Promise<ClientMapping> {
    return this.database.transaction(async (q) => {
      const before = await this.ownMapping(q, v, id);
      const name = await this.ownCompany(q, v, companyId);
      await q('UPDATE client_mappings SET company_id = $3 WHERE id = $1 AND tenant_id = $2', [
        id,
        v.tenantId,
        companyId,
      ]);
      const after = { ...before, company_id: companyId, company_name: name };
      await this.log(q, actor, after, before);
      return toMapping(after);
    });
  }

  async remove(actor: Actor, v: Viewer, id: number): Promise<ClientMapping> {
    return this.database.transaction(async (q) => {
      const before = await this.ownMapping(q, v, id);
      await q('DELETE FROM client_mappings WHERE id = $1 AND tenant_id = $2', [id, v.tenantId]);
      await this.log(q, actor, null, before);
      return toMapping(before);
    });
  }

  private async log(q: QueryFn, actor: Actor, after: MappingDbRow | null, before: MappingDbRow | null): Promise<void> {
    const m = (after ?? before)!;
    const doc = (x: MappingDbRow | null) =>
      x && { Kind: x.kind, ClientId: x.client_id, CompanyId: x.company_id, CompanyName: x.company_name };
    await logActivity(q, actor, {
      action: 'Client mapping changed',
      entityType: 'Company',
      entityId: m.company_id,
      entityName: m.company_name ?? '',
      before: doc(before),
      after: doc(after),
    });
  }

  /** `GET api/client/{kind}/{clientId}`: how one client id maps, and whether that happens by itself. */
  async lookup(v: Viewer, kind: ClientKind, clientId: string): Promise<ClientLookup> {
    const r = await this.run<MappingDbRow>(
      `SELECT m.id, m.kind, m.client_id, m.company_id, c.name AS company_name
         FROM client_mappings m LEFT JOIN companies c ON c.id = m.company_id
        WHERE m.tenant_id = $1 AND m.kind = $2 AND lower(m.client_id) = lower(btrim($3))`,
      [v.tenantId, kind, clientId],
    );
    const s = suggest(clientId, await this.companies(v));
    const m = r.rows[0];
    if (m && !(v.visible && (m.company_id === null || !v.visible.includes(m.company_id)))) {
      return {
        Kind: kind,
        ClientId: m.client_id,
        CompanyId: m.company_id,
        CompanyName: m.company_name,
        IsAutoMap: false,
        Match: s.match,
      };
    }
    const auto = s.match === 'Exact' ? s.company : null;
    return {
      Kind: kind,
      ClientId: clientId.trim(),
      CompanyId: auto?.id ?? null,
      CompanyName: auto?.name ?? null,
      IsAutoMap: auto !== null,
      Match: s.match,
    };
  }

  /** What applying the mappings would assign now (backups without a company, not retired). */
  async applyPreview(v: Viewer): Promise<ApplyCompany[]> {
    return this.database.transaction(async (q) => {
      await noJit(q);
      const params: unknown[] = [v.tenantId];
      const sql = mappingMatchSql({ tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible }, params);
      return previewFrom(q, sql, params);
    });
  }

  async apply(actor: Actor, v: Viewer): Promise<ApplyCompaniesAnswer> {
    return this.database.transaction(async (q) => {
      const outcome = await assignCompanies(
        q,
        { tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible },
        { rules: false, mappings: true },
      );
      await logCompanyCounts(q, actor, 'Client mappings applied', outcome.perCompany, outcome.conflicts);
      return { Assigned: outcome.assigned, Conflicts: outcome.conflicts, Companies: outcome.perCompany.length };
    });
  }
}

export { normaliseName, suggest } from './client-suggest.ts';
