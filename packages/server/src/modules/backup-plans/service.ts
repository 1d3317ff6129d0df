import type {
  BackupPlanApplyAnswer,
  BackupPlanBackup,
  BackupPlanCreate,
  BackupPlanRow,
  BackupPlanUpdate,
  Paged,
  RuleSet,
  ScheduleRule,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { checkSettingRefs } from '../../changes/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likeTerm } from '../audit/common.ts';
import { applyPlans, planBackups } from './apply.ts';
import { isUniqueViolation, loadPlans, onePlan, queryOf, ROW_SELECT, toRow, type PlanDbRow } from './rows.ts';
import { scheduledDays } from './schedule-days.ts';

export { dateFlags } from './schedule-days.ts';

/**
 * Backup plans: an ordered list of rule sets applying settings and tags. For each backup the
 * first enabled plan (lowest position) whose rules match wins. Applying writes the winners'
 * settings in one transaction; tags a plan adds carry its id (shown as "Tagged via backup plan
 * {name}") and are replaced when the plan applies again.
 */

export const DUPLICATE_PLAN_NAME = 'A backup plan with this name already exists';

export class BackupPlanService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>) {}

  private get database(): Database {
    return this.deps.database;
  }

  private q(): QueryFn {
    return queryOf(this.database);
  }

  async list(tenantId: number, query: { Page: number; Size: number; Search?: string }): Promise<Paged<BackupPlanRow>> {
    const params: unknown[] = [tenantId];
    let search = '';
    if (query.Search?.trim()) {
      params.push(likeTerm(query.Search));
      search = ` WHERE x.name ILIKE $${params.length}`;
    }
    const all = await this.database.query<PlanDbRow>(
      `SELECT * FROM (${ROW_SELECT} WHERE p.tenant_id = $1) x${search} ORDER BY x.position, x.id`,
      params,
    );
    const start = (query.Page - 1) * query.Size;
    return {
      Results: all.rows.slice(start, start + query.Size).map(toRow),
      Page: query.Page,
      PageSize: query.Size,
      Total: all.rows.length,
      TotalPages: Math.ceil(all.rows.length / query.Size),
    };
  }

  async get(tenantId: number, id: number, q: QueryFn = this.q()): Promise<BackupPlanRow> {
    const r = await q<PlanDbRow>(`SELECT * FROM (${ROW_SELECT} WHERE p.tenant_id = $1) x WHERE x.id = $2`, [
      tenantId,
      id,
    ]);
    if (!r.rows.length) throw notFound();
    return toRow(r.rows[0]);
  }

  async rules(tenantId: number, id: number): Promise<RuleSet> {
    return (await onePlan(this.q(), tenantId, id)).rules;
  }

  async isNameUnique(tenantId: number, name: string, id?: number): Promise<boolean> {
    const r = await this.database.query(
      'SELECT 1 FROM backup_plans WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3',
      [tenantId, name.trim(), id ?? 0],
    );
    return r.rows.length === 0;
  }

  private async checkName(q: QueryFn, tenantId: number, name: string, id = 0): Promise<void> {
    const r = await q('SELECT 1 FROM backup_plans WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
      tenantId,
      name,
      id,
    ]);
    if (r.rows.length) throw badRequest(DUPLICATE_PLAN_NAME, 'Name');
  }

  /** Renumbers the tenant's plans 1…n with `id` placed right after `afterId` (first when null). */
  private async place(q: QueryFn, tenantId: number, id: number, afterId: number | null): Promise<void> {
    const order = (await loadPlans(q, tenantId, true)).map((p) => p.id).filter((x) => x !== id);
    let at = 0;
    if (afterId !== null) {
      const i = order.indexOf(afterId);
      if (i < 0) throw notFound();
      at = i + 1;
    }
    order.splice(at, 0, id);
    await q(
      `UPDATE backup_plans p SET position = x.pos FROM unnest($2::int[], $3::int[]) AS x(id, pos)
        WHERE p.id = x.id AND p.tenant_id = $1`,
      [tenantId, order, order.map((_, i) => i + 1)],
    );
  }

  async create(actor: Actor, input: BackupPlanCreate): Promise<BackupPlanRow> {
    try {
      return await this.database.transaction(async (q) => {
        await this.checkName(q, actor.tenantId, input.Name);
        await checkSettingRefs(q, actor.tenantId, input.Settings);
        const r = await q<{ id: number }>(
          `INSERT INTO backup_plans (tenant_id, name, is_enabled, position, settings, rules)
           VALUES ($1, $2, $3, (SELECT COALESCE(max(position), 0) + 1 FROM backup_plans WHERE tenant_id = $1), $4::jsonb, $5::jsonb)
           RETURNING id`,
          [actor.tenantId, input.Name, input.IsEnabled, JSON.stringify(input.Settings), JSON.stringify(input.Rules)],
        );
        const id = r.rows[0].id;
        if (input.AfterId !== undefined) await this.place(q, actor.tenantId, id, input.AfterId);
        await logActivity(q, actor, {
          action: 'Backup plan created',
          entityType: 'BackupPlan',
          entityId: id,
          entityName: input.Name,
          after: { Name: input.Name, IsEnabled: input.IsEnabled, Rules: input.Rules, Settings: input.Settings },
        });
        return this.get(actor.tenantId, id, q);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(DUPLICATE_PLAN_NAME, 'Name');
      throw err;
    }
  }

  /** Saves a plan. Its settings reach backups when plans are applied (POST apply). */
  async update(actor: Actor, input: BackupPlanUpdate): Promise<BackupPlanRow> {
    try {
      return await this.database.transaction(async (q) => {
        const before = await onePlan(q, actor.tenantId, input.Id);
        await this.checkName(q, actor.tenantId, input.Name, input.Id);
        await checkSettingRefs(q, actor.tenantId, input.Settings);
        await q(
          `UPDATE backup_plans SET name = $3, rules = $4::jsonb, settings = $5::jsonb, is_enabled = $6, updated_at = now()
            WHERE tenant_id = $1 AND id = $2`,
          [
            actor.tenantId,
            input.Id,
            input.Name,
            JSON.stringify(input.Rules),
            JSON.stringify(input.Settings),
            input.IsEnabled ?? before.isEnabled,
          ],
        );
        await logActivity(q, actor, {
          action: 'Backup plan edited',
          entityType: 'BackupPlan',
          entityId: input.Id,
          entityName: input.Name,
          before: { Name: before.name, Rules: before.rules, Settings: before.settings, IsEnabled: before.isEnabled },
          after: {
            Name: input.Name,
            Rules: input.Rules,
            Settings: input.Settings,
            IsEnabled: input.IsEnabled ?? before.isEnabled,
          },
        });
        return this.get(actor.tenantId, input.Id, q);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(DUPLICATE_PLAN_NAME, 'Name');
      throw err;
    }
  }

  /** Deletes a plan: its tags go from the backups, which keep their other settings. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.database.transaction(async (q) => {
      const p = await onePlan(q, actor.tenantId, id);
      await q('DELETE FROM backup_tags WHERE tenant_id = $1 AND plan_id = $2', [actor.tenantId, id]);
      await q('UPDATE backups SET backup_plan_id = NULL WHERE tenant_id = $1 AND backup_plan_id = $2', [
        actor.tenantId,
        id,
      ]);
      await q('DELETE FROM backup_plans WHERE tenant_id = $1 AND id = $2', [actor.tenantId, id]);
      const rest = (await loadPlans(q, actor.tenantId, true)).map((x) => x.id);
      if (rest.length) {
        await q(
          `UPDATE backup_plans p SET position = x.pos FROM unnest($2::int[], $3::int[]) AS x(id, pos)
            WHERE p.id = x.id AND p.tenant_id = $1`,
          [actor.tenantId, rest, rest.map((_, i) => i + 1)],
        );
      }
      await logActivity(q, actor, {
        action: 'Backup plan deleted',
        entityType: 'BackupPlan',
        entityId: id,
        entityName: p.name,
        before: { Name: p.name, Rules: p.rules, Settings: p.settings },
      });
    });
  }

  async toggle(actor: Actor, id: number, on: boolean): Promise<BackupPlanRow> {
    return this.database.transaction(async (q) => {
      const p = await onePlan(q, actor.tenantId, id);
      await q('UPDATE backup_plans SET is_enabled = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [
        actor.tenantId,
        id,
        on,
      ]);
      await logActivity(q, actor, {
        action: 'Backup plan toggled',
        entityType: 'BackupPlan',
        entityId: id,
        entityName: p.name,
        before: { IsEnabled: p.isEnabled },
        after: { IsEnabled: on },
      });
      return this.get(actor.tenantId, id, q);
    });
  }

  async reorder(actor: Actor, id: number, afterId: number | null): Promise<BackupPlanRow[]> {
    if (afterId === id) throw badRequest('A plan cannot be placed after itself', 'AfterId');
    return this.database.transaction(async (q) => {
      const before = await loadPlans(q, actor.tenantId, true);
      const p = before.find((x) => x.id === id);
      if (!p) throw notFound();
      await this.place(q, actor.tenantId, id, afterId);
      const after = await loadPlans(q, actor.tenantId);
      await logActivity(q, actor, {
        action: 'Backup plans reordered',
        entityType: 'BackupPlan',
        entityId: id,
        entityName: p.name,
        before: { Order: before.map((x) => x.name) },
        after: { Order: after.map((x) => x.name) },
      });
      const rows = await q<PlanDbRow>(`${ROW_SELECT} WHERE p.tenant_id = $1 ORDER BY p.position, p.id`, [
        actor.tenantId,
      ]);
      return rows.rows.map(toRow);
    });
  }

  async apply(
    actor: Actor,
    ids: number[] | undefined,
    override: boolean,
    visible: number[] | null,
  ): Promise<BackupPlanApplyAnswer> {
    return applyPlans(this.deps, actor, ids, override, visible);
  }

  async backups(
    tenantId: number,
    input: { Rules?: RuleSet; Id?: number; Page: number; Size: number },
    visible: number[] | null,
  ): Promise<Paged<BackupPlanBackup>> {
    return planBackups(this.database, tenantId, input, visible);
  }

  async scheduledDays(
    tenantId: number,
    input: { Schedule?: ScheduleRule; ScheduleId?: number; From: string; To: string },
  ): Promise<{ Days: string[]; Count: number }> {
    return scheduledDays(this.database, tenantId, input);
  }
}
