import type {
  ApplyCompaniesAnswer,
  ApplyCompany,
  Company,
  CompanyListPage,
  CompanyListQuery,
  CompanyOptionPage,
  CompanyRules,
  CompanyRulesTestAnswer,
  CompanyUpdate,
  RuleSet,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { badRequest } from '../../platform/errors.ts';
import { likeTerm } from '../audit/common.ts';
import { replaceCompany } from './replace.ts';
import { applyCompanyRules, applyPreview } from './rule-apply.ts';
import { companyRules, setCompanyRules, testRules } from './rules.ts';
import { HAS_RULES, isUniqueViolation, ownCompany, toItem, type CompanyRow } from './rows.ts';
import type { Viewer } from './types.ts';

export type { Viewer } from './types.ts';
export { REPLACE_ITSELF } from './replace.ts';

export const companyExists = (name: string) => `Company "${name}" already exists.`;
export const codeTaken = (code: string, company: string) => `Code "${code}" is already used by company "${company}".`;

export class CompanyService {
  constructor(private readonly database: Database) {}

  private run: QueryFn = (text, params) => this.database.query(text, params);

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
    await ownCompany(this.run, v, id);
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
        const before = await ownCompany(q, v, input.Id, true);
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

  async replace(
    actor: Actor,
    v: Viewer,
    id: number,
    withId: number,
  ): Promise<{ Id: number; ReplaceWithId: number; MovedBackups: number; MovedMappings: number }> {
    return replaceCompany(this.database, actor, v, id, withId);
  }

  /** Deletes a company; its backups stay, without a company. */
  async remove(actor: Actor, v: Viewer, id: number): Promise<{ Id: number; UnassignedBackups: number }> {
    return this.database.transaction(async (q) => {
      const c = await ownCompany(q, v, id, true);
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

  async rules(v: Viewer, id: number): Promise<CompanyRules> {
    return companyRules(this.database, v, id);
  }

  async setRules(actor: Actor, v: Viewer, id: number, rules: RuleSet): Promise<CompanyRules> {
    return setCompanyRules(this.database, actor, v, id, rules);
  }

  async test(v: Viewer, rules: RuleSet, size: number): Promise<CompanyRulesTestAnswer> {
    return testRules(this.database, v, rules, size);
  }

  async applyPreview(v: Viewer): Promise<ApplyCompany[]> {
    return applyPreview(this.database, v);
  }

  async apply(actor: Actor, v: Viewer, companyIds?: number[]): Promise<ApplyCompaniesAnswer> {
    return applyCompanyRules(this.database, actor, v, companyIds);
  }
}
