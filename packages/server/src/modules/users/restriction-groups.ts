import { z } from 'zod';
import { NamedRef, OkBody, RestrictionGroup, RestrictionGroupSave, UserMessages } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';

const tags = ['Restriction groups'];
const canRead = { access: { permissions: ['settings.getusers'] } };
const canEdit = { access: { permissions: ['settings.editusers'] } };
const IdParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * Restriction groups: named sets of companies. A restricted user sees the union of its own
 * companies and its restriction groups' companies (`restrictedCompanyIds` in audit/common.ts).
 */
export class RestrictionGroupService {
  constructor(private readonly database: Database) {}

  async list(tenantId: number, id?: number): Promise<RestrictionGroup[]> {
    const params: unknown[] = [tenantId];
    if (id) params.push(id);
    const r = await this.database.query<{
      id: number;
      name: string;
      description: string;
      companies: { Id: number; Name: string }[] | null;
      users: number;
    }>(
      `SELECT rg.id, rg.name, rg.description,
              (SELECT json_agg(json_build_object('Id', c.id, 'Name', c.name) ORDER BY lower(c.name))
                 FROM restriction_group_companies rgc JOIN companies c ON c.id = rgc.company_id
                WHERE rgc.group_id = rg.id) AS companies,
              (SELECT count(*)::int FROM user_restriction_groups urg WHERE urg.group_id = rg.id) AS users
         FROM restriction_groups rg
        WHERE rg.tenant_id = $1 ${id ? 'AND rg.id = $2' : ''}
        ORDER BY lower(rg.name)`,
      params,
    );
    return r.rows.map((g) => ({
      Id: g.id,
      Name: g.name,
      Description: g.description,
      Companies: g.companies ?? [],
      UsersCount: g.users,
    }));
  }

  async get(tenantId: number, id: number): Promise<RestrictionGroup> {
    const [g] = await this.list(tenantId, id);
    if (!g) throw notFound();
    return g;
  }

  async save(tenantId: number, input: z.output<typeof RestrictionGroupSave>): Promise<RestrictionGroup> {
    const id = await this.database.transaction(async (q: QueryFn) => {
      const clash = await q(
        'SELECT 1 FROM restriction_groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3',
        [tenantId, input.Name, input.Id ?? 0],
      );
      if (clash.rows.length) throw badRequest(UserMessages.restrictionNameTaken, 'Name');
      const companyIds = [...new Set(input.CompanyIds)];
      if (companyIds.length) {
        const ok = await q<{ n: number }>(
          'SELECT count(*)::int AS n FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])',
          [tenantId, companyIds],
        );
        if (ok.rows[0].n !== companyIds.length) throw badRequest(UserMessages.unknownCompany, 'CompanyIds');
      }
      let groupId: number;
      if (input.Id) {
        const r = await q<{ id: number }>(
          'UPDATE restriction_groups SET name = $3, description = $4 WHERE id = $1 AND tenant_id = $2 RETURNING id',
          [input.Id, tenantId, input.Name, input.Description],
        );
        if (!r.rows[0]) throw notFound();
        groupId = input.Id;
        await q('DELETE FROM restriction_group_companies WHERE group_id = $1', [groupId]);
      } else {
        const r = await q<{ id: number }>(
          'INSERT INTO restriction_groups (tenant_id, name, description) VALUES ($1, $2, $3) RETURNING id',
          [tenantId, input.Name, input.Description],
        );
        groupId = r.rows[0].id;
      }
      if (companyIds.length)
        await q('INSERT INTO restriction_group_companies (group_id, company_id) SELECT $1, unnest($2::int[])', [
          groupId,
          companyIds,
        ]);
      return groupId;
    });
    return this.get(tenantId, id);
  }

  /** Deleting a group takes its companies away from its users at once; their direct companies stay. */
  async remove(tenantId: number, id: number): Promise<void> {
    const r = await this.database.query(
      'DELETE FROM restriction_groups WHERE id = $1 AND tenant_id = $2 RETURNING id',
      [id, tenantId],
    );
    if (!r.rows.length) throw notFound();
  }
}

export function restrictionGroupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const svc = new RestrictionGroupService(deps.database);

  r.get(
    '/api/restriction-group',
    { config: canRead, schema: { tags, response: { 200: z.array(RestrictionGroup) } } },
    async (req) => svc.list(tenantOf(req)),
  );
  r.get(
    '/api/restriction-group/dropdown',
    { config: canRead, schema: { tags, response: { 200: z.array(NamedRef) } } },
    async (req) => (await svc.list(tenantOf(req))).map((g) => ({ Id: g.Id, Name: g.Name })),
  );
  r.get(
    '/api/restriction-group/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: RestrictionGroup } } },
    async (req) => svc.get(tenantOf(req), req.params.id),
  );
  r.post(
    '/api/restriction-group',
    { config: canEdit, schema: { tags, body: RestrictionGroupSave, response: { 200: RestrictionGroup } } },
    async (req) => svc.save(tenantOf(req), req.body),
  );
  r.delete(
    '/api/restriction-group/:id',
    { config: canEdit, schema: { tags, params: IdParam, response: { 200: OkBody } } },
    async (req) => {
      await svc.remove(tenantOf(req), req.params.id);
      return { Message: 'Successfully deleted' };
    },
  );
}
