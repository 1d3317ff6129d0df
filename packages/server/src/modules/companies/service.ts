import type {
  ApplyCompaniesAnswer,
  ApplyCompany,
  Company,
  CompanyListItem,
  CompanyListPage,
  CompanyListQuery,
  CompanyOptionPage,
  CompanyRules,
  CompanyRulesTestAnswer,
  CompanyUpdate,
  MatchedBackup,
  RuleSet,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../manage/activity.ts';
import { readRules, rulesSql } from '../../manage/rules.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likeTerm, NO_COMPANY } from '../audit/common.ts';
import { assignCompanies, noJit, ruleMatchSql } from './assign.ts';

/** The most rule groups a company keeps (the contract's limit on one rule set). */
const MAX_GROUPS = 50;

export const companyExists = (name: string) => `Company "${name}" already exists.`;
export const codeTaken = (code: string, company: string) => `Code "${code}" is already used by company "${company}".`;
export const REPLACE_ITSELF = 'A company cannot be replaced with itself.';

/** Who asks: the tenant, and the companies they may see (null for all). */
export interface Viewer {
  tenantId: number;
  visible: number[] | null;
}

interface CompanyRow {
  id: number;
  name: string;
  type: number;
  code: string | null;
  psa_id: string | null;
  backup_count: number;
  has_rules: boolean;
}

const toItem = (r: CompanyRow): CompanyListItem => ({
  Id: r.id,
  Name: r.name,
  Type: r.type === 0 ? 0 : 1,
  Code: r.code,
  PsaId: r.psa_id,
  BackupCount: Number(r.backup_count),
  HasRules: Boolean(r.has_rules),
});

const HAS_RULES = `(r.company_id IS NOT NULL AND jsonb_array_length(COALESCE(r.rules->'Groups', r.rules->'groups', '[]'::jsonb)) > 0)`;

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

interface BackupDbRow {
  id: number;
  company_name: string | null;
  device_name: string;
  job_name: string;
  vendor: string;
  client_id: string | null;
  state: string;
}

const toMatched = (b: BackupDbRow, conflicts: string[] = []): MatchedBackup => ({
  Id: b.id,
  CompanyName: b.company_name ?? NO_COMPANY,
  DeviceName: b.device_name,
  JobName: b.job_name,
  Vendor: b.vendor,
  ClientId: b.client_id,
  State: b.state,
  ConflictsWith: conflicts,
});

export class CompanyService {
  constructor(private readonly database: Database) {}

  private run: QueryFn = (text, params) => this.database.query(text, params);

  /** A company of the tenant the viewer may see, else 404. */
  async own(
    q: QueryFn,
    v: Viewer,
    id: number,
    lock = false,
  ): Promise<{ id: number; name: string; code: string | null }> {
    const r = await q<{ id: number; name: string; code: string | null }>(
      `SELECT id, name, code FROM companies WHERE id = $1 AND tenant_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, v.tenantId],
    );
    const row = r.rows[0];
    if (!row || (v.visible && !v.visible.includes(row.id))) throw notFound();
    return row;
  }

  async list(
    v: Viewer,
    query: Required<Pick<CompanyListQuery, 'Page' | 'Size'>> & CompanyListQuery,
  ): Promise<CompanyListPage> {
    const params: unknown[] = [v.tenantId];
    const where = ['c.tenant_id = $1'];
    const p = (x: unknown) => {
      params.push(x);
      return `$${params.length}`;
    };
    if (v.visible) where.push(`c.id = ANY(${p(v.visible)}::int[])`);
    if (query.Name?.trim()) where.push(`c.name ILIKE ${p(likeTerm(query.Name))}`);
    if (query.IncludeEmpty === false) where.push('COALESCE(n.cnt, 0) > 0');
    if (query.IncludeLocal === false) where.push('c.type = 0');
    const dir = query.OrderAscending === false ? 'DESC' : 'ASC';
    const order =
      query.OrderBy === 'BackupCount'
        ? `COALESCE(n.cnt, 0) ${dir}, lower(c.name)`
        : query.OrderBy === 'Type'
          ? `c.type ${dir}, lower(c.name)`
          : `lower(c.name) ${dir}`;
    const size = query.Size;
    const page = query.Page;
    const r = await this.run<CompanyRow & { total: number }>(
      `SELECT c.id, c.name, c.type, c.code, c.psa_id, COALESCE(n.cnt, 0)::int AS backup_count,
              ${HAS_RULES} AS has_rules, count(*) OVER ()::int AS total
         FROM companies c
         LEFT JOIN (SELECT company_id, count(*) AS cnt FROM backups
                     WHERE tenant_id = $1 AND state = 'Active' AND company_id IS NOT NULL GROUP BY company_id) n
           ON n.company_id = c.id
         LEFT JOIN company_rules r ON r.company_id = c.id
        WHERE ${where.join(' AND ')}
        ORDER BY ${order}, c.id
        LIMIT ${p(size)} OFFSET ${p((page - 1) * size)}`,
      params,
    );
    let total = Number(r.rows[0]?.total ?? 0);
    if (!r.rows.length && page > 1) {
      // Past the last page: still answer how many there are.
      const c = await this.list(v, { ...query, Page: 1, Size: 1 });
      total = c.pagination.total;
    }
    return {
      data: r.rows.map(toItem),
      pagination: { page, total, perPage: size, totalPages: Math.ceil(total / size) },
    };
  }

  async autocomplete(
    v: Viewer,
    q: { search?: string; page: number; size: number; type?: number; includeLocal?: boolean },
  ): Promise<CompanyOptionPage> {
    const params: unknown[] = [v.tenantId];
    const where = ['c.tenant_id = $1'];
    const p = (x: unknown) => {
      params.push(x);
      return `$${params.length}`;
    };
    if (v.visible) where.push(`c.id = ANY(${p(v.visible)}::int[])`);
    if (q.search?.trim()) where.push(`c.name ILIKE ${p(likeTerm(q.search))}`);
    if (q.type !== undefined) where.push(`c.type = ${p(q.type)}`);
    if (q.includeLocal === false) where.push('c.type = 0');
    const r = await this.run<{ id: number; name: string; type: number; total: number }>(
      `SELECT c.id, c.name, c.type, count(*) OVER ()::int AS total FROM companies c
        WHERE ${where.join(' AND ')}
        ORDER BY lower(c.name), c.id LIMIT ${p(q.size)} OFFSET ${p((q.page - 1) * q.size)}`,
      params,
    );
    const total = Number(r.rows[0]?.total ?? 0);
    return {
      Results: r.rows.map((x) => ({ Id: x.id, Name: x.name, Type: x.type === 0 ? 0 : 1 })),
      Page: q.page,
      PageSize: q.size,
      Total: total,
      TotalPages: Math.ceil(total / q.size),
    };
  }

  async get(v: Viewer, id: number): Promise<Company> {
    await this.own(this.run, v, id);
    const r = await this.run<CompanyRow & { all_count: number; created_at: Date | string }>(
      `SELECT c.id, c.name, c.type, c.code, c.psa_id, c.created_at,
              (SELECT count(*) FROM backups b WHERE b.company_id = c.id AND b.state = 'Active')::int AS backup_count,
              (SELECT count(*) FROM backups b WHERE b.company_id = c.id AND b.state <> 'Retired')::int AS all_count,
              ${HAS_RULES} AS has_rules
         FROM companies c LEFT JOIN company_rules r ON r.company_id = c.id
        WHERE c.id = $1 AND c.tenant_id = $2`,
      [id, v.tenantId],
    );
    const row = r.rows[0];
    return { ...toItem(row), AllBackupCount: Number(row.all_count), CreatedAt: new Date(row.created_at).toISOString() };
  }

  private async checkName(q: QueryFn, tenantId: number, name: string, exceptId?: number): Promise<void> {
    const r = await q('SELECT 1 FROM companies WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
      tenantId,
      name,
      exceptId ?? 0,
    ]);
    if (r.rows.length) throw badRequest(companyExists(name), 'Name');
  }

  async create(actor: Actor, v: Viewer, name: string): Promise<Company> {
    const id = await this.database
      .transaction(async (q) => {
        await this.checkName(q, v.tenantId, name);
        const r = await q<{ id: number }>(
          'INSERT INTO companies (tenant_id, name, type) VALUES ($1, $2, 1) RETURNING id',
          [v.tenantId, name],
        );
        const id = r.rows[0].id;
        // A company-restricted user sees what they create.
        if (v.visible) {
          await q('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
            actor.userId,
            id,
            v.tenantId,
          ]);
        }
        await logActivity(q, actor, {
          action: 'Company created',
          entityType: 'Company',
          entityId: id,
          entityName: name,
          after: { Name: name },
        });
        return id;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw badRequest(companyExists(name), 'Name');
        throw err;
      });
    return this.get(v.visible ? { ...v, visible: [...v.visible, id] } : v, id);
  }

  async rename(actor: Actor, v: Viewer, id: number, name: string): Promise<Company> {
    return this.update(actor, v, { Id: id, Name: name }, 'Company renamed');
  }

  async update(
    actor: Actor,
    v: Viewer,
    input: CompanyUpdate,
    action: 'Company updated' | 'Company renamed' = 'Company updated',
  ): Promise<Company> {
    await this.database
      .transaction(async (q) => {
        const before = await this.own(q, v, input.Id, true);
        await this.checkName(q, v.tenantId, input.Name, input.Id);
        const code = input.Code === undefined ? before.code : input.Code?.trim() || null;
        if (code && code !== before.code) {
          const taken = await q<{ name: string }>(
            'SELECT name FROM companies WHERE tenant_id = $1 AND lower(code) = lower($2) AND id <> $3',
            [v.tenantId, code, input.Id],
          );
          if (taken.rows.length) throw badRequest(codeTaken(code, taken.rows[0].name), 'Code');
        }
        await q('UPDATE companies SET name = $3, code = $4 WHERE id = $1 AND tenant_id = $2', [
          input.Id,
          v.tenantId,
          input.Name,
          code,
        ]);
        await logActivity(q, actor, {
          action,
          entityType: 'Company',
          entityId: input.Id,
          entityName: input.Name,
          before: action === 'Company renamed' ? { Name: before.name } : { Name: before.name, Code: before.code },
          after: action === 'Company renamed' ? { Name: input.Name } : { Name: input.Name, Code: code },
        });
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw badRequest(companyExists(input.Name), 'Name');
        throw err;
      });
    return this.get(v, input.Id);
  }

  /**
   * Moves everything of one company to another and deletes it: backups (keeping how each was
   * assigned), client-id mappings, the users who could see it, its rule groups (added to the
   * target's), its code when the target has none, and template company limits.
   */
  async replace(
    actor: Actor,
    v: Viewer,
    id: number,
    withId: number,
  ): Promise<{ Id: number; ReplaceWithId: number; MovedBackups: number; MovedMappings: number }> {
    if (id === withId) throw badRequest(REPLACE_ITSELF, 'ReplaceWithId');
    return this.database.transaction(async (q) => {
      // A fixed lock order keeps two opposite replaces from deadlocking.
      const [a, b] = id < withId ? [id, withId] : [withId, id];
      const first = await this.own(q, v, a, true);
      const second = await this.own(q, v, b, true);
      const source = a === id ? first : second;
      const target = a === id ? second : first;
      const moved = await q<{ n: number }>(
        `WITH m AS (UPDATE backups SET company_id = $3 WHERE tenant_id = $1 AND company_id = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM m`,
        [v.tenantId, id, withId],
      );
      // A mapping of the same client id already on the target wins; the source's copy goes.
      await q(
        `DELETE FROM client_mappings s USING client_mappings t
          WHERE s.tenant_id = $1 AND s.company_id = $2 AND t.tenant_id = $1 AND t.company_id = $3
            AND t.kind = s.kind AND lower(t.client_id) = lower(s.client_id)`,
        [v.tenantId, id, withId],
      );
      const mappings = await q<{ n: number }>(
        `WITH m AS (UPDATE client_mappings SET company_id = $3 WHERE tenant_id = $1 AND company_id = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM m`,
        [v.tenantId, id, withId],
      );
      await q(
        `INSERT INTO user_companies (user_id, company_id, tenant_id)
         SELECT user_id, $3, $1 FROM user_companies WHERE tenant_id = $1 AND company_id = $2
         ON CONFLICT DO NOTHING`,
        [v.tenantId, id, withId],
      );
      const rules = await q<{ company_id: number; rules: unknown }>(
        'SELECT company_id, rules FROM company_rules WHERE company_id = ANY($1::int[]) AND tenant_id = $2',
        [[id, withId], v.tenantId],
      );
      const from = readRules(rules.rows.find((r) => r.company_id === id)?.rules);
      if (from.Groups.length) {
        const to = readRules(rules.rows.find((r) => r.company_id === withId)?.rules);
        const seen = new Set(to.Groups.map((g) => JSON.stringify(g)));
        const merged = [...to.Groups, ...from.Groups.filter((g) => !seen.has(JSON.stringify(g)))].slice(0, MAX_GROUPS);
        await this.saveRules(q, v.tenantId, withId, { Groups: merged });
      }
      if (!target.code && source.code) {
        await q('UPDATE companies SET code = $3 WHERE id = $1 AND tenant_id = $2', [withId, v.tenantId, source.code]);
      }
      await q(
        `UPDATE templates SET company_ids = (
           SELECT COALESCE(jsonb_agg(DISTINCT CASE WHEN e::int = $2 THEN $3 ELSE e::int END), '[]'::jsonb)
             FROM jsonb_array_elements_text(company_ids) e)
          WHERE tenant_id = $1 AND company_ids @> jsonb_build_array($2::int)`,
        [v.tenantId, id, withId],
      );
      await q('DELETE FROM companies WHERE id = $1 AND tenant_id = $2', [id, v.tenantId]);
      const answer = {
        Id: id,
        ReplaceWithId: withId,
        MovedBackups: Number(moved.rows[0].n),
        MovedMappings: Number(mappings.rows[0].n),
      };
      await logActivity(q, actor, {
        action: 'Company replaced',
        entityType: 'Company',
        entityId: id,
        entityName: source.name,
        before: { Id: id, Name: source.name },
        after: { ...answer, ReplaceWithName: target.name },
      });
      return answer;
    });
  }

  /** Deletes a company; its backups stay, without a company. */
  async remove(actor: Actor, v: Viewer, id: number): Promise<{ Id: number; UnassignedBackups: number }> {
    return this.database.transaction(async (q) => {
      const c = await this.own(q, v, id, true);
      const r = await q<{ n: number }>(
        `WITH m AS (UPDATE backups SET company_id = NULL, company_source = NULL
                     WHERE tenant_id = $1 AND company_id = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM m`,
        [v.tenantId, id],
      );
      await q(
        `UPDATE templates SET company_ids = (
           SELECT COALESCE(jsonb_agg(e::int), '[]'::jsonb) FROM jsonb_array_elements_text(company_ids) e WHERE e::int <> $2)
          WHERE tenant_id = $1 AND company_ids @> jsonb_build_array($2::int)`,
        [v.tenantId, id],
      );
      await q('DELETE FROM companies WHERE id = $1 AND tenant_id = $2', [id, v.tenantId]);
      const unassigned = Number(r.rows[0].n);
      await logActivity(q, actor, {
        action: 'Company deleted',
        entityType: 'Company',
        entityId: id,
        entityName: c.name,
        before: { Name: c.name, Code: c.code },
        after: { UnassignedBackups: unassigned },
      });
      return { Id: id, UnassignedBackups: unassigned };
    });
  }

  // Rules --------------------------------------------------------------------------------------

  private async saveRules(q: QueryFn, tenantId: number, companyId: number, rules: RuleSet): Promise<void> {
    await q(
      `INSERT INTO company_rules (company_id, tenant_id, rules, updated_at) VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (company_id) DO UPDATE SET rules = EXCLUDED.rules, updated_at = now()`,
      [companyId, tenantId, JSON.stringify(rules)],
    );
  }

  async rules(v: Viewer, id: number): Promise<CompanyRules> {
    await this.own(this.run, v, id);
    const r = await this.run<{ rules: unknown }>('SELECT rules FROM company_rules WHERE company_id = $1', [id]);
    return { CompanyId: id, Rules: readRules(r.rows[0]?.rules) };
  }

  async setRules(actor: Actor, v: Viewer, id: number, rules: RuleSet): Promise<CompanyRules> {
    // Groups without conditions mean nothing; they are not kept.
    const clean: RuleSet = { Groups: rules.Groups.filter((g) => g.Conditions.length) };
    await this.database.transaction(async (q) => {
      const c = await this.own(q, v, id, true);
      const old = await q<{ rules: unknown }>('SELECT rules FROM company_rules WHERE company_id = $1', [id]);
      await this.saveRules(q, v.tenantId, id, clean);
      await logActivity(q, actor, {
        action: 'Company rules changed',
        entityType: 'Company',
        entityId: id,
        entityName: c.name,
        before: readRules(old.rows[0]?.rules),
        after: clean,
      });
    });
    return { CompanyId: id, Rules: clean };
  }

  /** The backups a rule set matches (any state but retired), first `size` and how many. */
  async test(v: Viewer, rules: RuleSet, size: number): Promise<CompanyRulesTestAnswer> {
    const params: unknown[] = [v.tenantId];
    const cond = rulesSql(rules, params);
    let vis = '';
    if (v.visible) {
      params.push(v.visible);
      vis = ` AND b.company_id = ANY($${params.length}::int[])`;
    }
    params.push(size);
    const r = await this.run<BackupDbRow & { total: number }>(
      `SELECT b.id, c.name AS company_name, b.device_name, b.job_name, b.vendor,
              COALESCE(b.vendor_client_id, b.client_tag) AS client_id, b.state, count(*) OVER ()::int AS total
         FROM backups b LEFT JOIN companies c ON c.id = b.company_id
        WHERE b.tenant_id = $1 AND b.state <> 'Retired' AND ${cond}${vis}
        ORDER BY lower(b.device_name), lower(b.job_name), b.id
        LIMIT $${params.length}`,
      params,
    );
    return { Total: Number(r.rows[0]?.total ?? 0), Backups: r.rows.map((b) => toMatched(b)) };
  }

  /** The "Apply companies" preview: what each company's rules would assign now. */
  async applyPreview(v: Viewer): Promise<ApplyCompany[]> {
    return this.database.transaction(async (q) => {
      await noJit(q);
      const params: unknown[] = [v.tenantId];
      const rm = await ruleMatchSql(q, { tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible }, params);
      return rm ? previewFrom(q, rm, params) : [];
    });
  }

  async apply(actor: Actor, v: Viewer, companyIds?: number[]): Promise<ApplyCompaniesAnswer> {
    return this.database.transaction(async (q) => {
      if (companyIds) {
        const asked = [...new Set(companyIds)];
        const own = await q<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])', [
          v.tenantId,
          asked,
        ]);
        if (own.rows.length !== asked.length || (v.visible && asked.some((x) => !v.visible!.includes(x)))) {
          throw notFound();
        }
      }
      const outcome = await assignCompanies(
        q,
        { tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible, assignOnly: companyIds ?? null },
        { rules: true, mappings: false },
      );
      await logCompanyCounts(q, actor, 'Company rules applied', outcome.perCompany, outcome.conflicts);
      return {
        Assigned: outcome.assigned,
        Conflicts: outcome.conflicts,
        Companies: outcome.perCompany.length,
      };
    });
  }
}

/** Groups (backup_id, company_id) matches into the apply preview, flagging conflicts. */
export async function previewFrom(q: QueryFn, matchSql: string, params: unknown[]): Promise<ApplyCompany[]> {
  const r = await q<BackupDbRow & { match_company_id: number; match_company_name: string; cids: number[] }>(
    `WITH mx AS (SELECT DISTINCT backup_id, company_id FROM (${matchSql}) s),
          per AS (SELECT backup_id, array_agg(company_id) AS cids FROM mx GROUP BY backup_id)
     SELECT mx.company_id AS match_company_id, mc.name AS match_company_name, per.cids,
            b.id, cc.name AS company_name, b.device_name, b.job_name, b.vendor,
            COALESCE(b.vendor_client_id, b.client_tag) AS client_id, b.state
       FROM mx JOIN per ON per.backup_id = mx.backup_id
       JOIN backups b ON b.id = mx.backup_id
       JOIN companies mc ON mc.id = mx.company_id
       LEFT JOIN companies cc ON cc.id = b.company_id
      ORDER BY lower(mc.name), mc.id, lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  const names = new Map(r.rows.map((x) => [Number(x.match_company_id), x.match_company_name]));
  const out = new Map<number, ApplyCompany>();
  for (const row of r.rows) {
    const cid = Number(row.match_company_id);
    let c = out.get(cid);
    if (!c) {
      c = { Id: cid, Name: row.match_company_name, Backups: [], HasConflict: false };
      out.set(cid, c);
    }
    const others = row.cids
      .map(Number)
      .filter((x) => x !== cid)
      .map((x) => names.get(x) ?? '')
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    if (others.length) c.HasConflict = true;
    c.Backups.push(toMatched(row, others));
  }
  return [...out.values()];
}

/** One activity line per company that received backups, naming how many (and the conflicts skipped). */
export async function logCompanyCounts(
  q: QueryFn,
  actor: Actor,
  action: 'Company rules applied' | 'Client mappings applied',
  perCompany: { companyId: number; count: number }[],
  conflicts: number,
): Promise<void> {
  if (!perCompany.length) return;
  const names = await q<{ id: number; name: string }>('SELECT id, name FROM companies WHERE id = ANY($1::int[])', [
    perCompany.map((x) => x.companyId),
  ]);
  const nameOf = new Map(names.rows.map((x) => [x.id, x.name]));
  await logActivity(
    q,
    actor,
    perCompany.map((x) => ({
      action,
      entityType: 'Company' as const,
      entityId: x.companyId,
      entityName: nameOf.get(x.companyId) ?? '',
      after: { AssignedBackups: x.count, ConflictsSkipped: conflicts },
    })),
  );
}
