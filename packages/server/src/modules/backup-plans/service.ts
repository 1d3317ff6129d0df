import {
  BackupSettings,
  ScheduleRule,
  type BackupPlanApplyAnswer,
  type BackupPlanBackup,
  type BackupPlanCreate,
  type BackupPlanRow,
  type BackupPlanUpdate,
  type Paged,
  type RuleSet,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../manage/activity.ts';
import { queueReroll } from '../../manage/reroll.ts';
import { readRules, rulesSql } from '../../manage/rules.ts';
import { checkSettingRefs, writeBackupSettings } from '../../manage/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { addDays, daysBetween, isScheduled } from '../../status/index.ts';
import { likeTerm, NO_COMPANY, visibilitySql } from '../audit/common.ts';

/**
 * Backup plans: an ordered list of rule sets applying settings and tags. For each backup the
 * first enabled plan (lowest position) whose rules match wins. Applying writes the winners'
 * settings in one transaction; tags a plan adds carry its id (shown as "Tagged via backup plan
 * {name}") and are replaced when the plan applies again.
 */

export const DUPLICATE_PLAN_NAME = 'A backup plan with this name already exists';
export const MAX_RANGE_DAYS = 366;

interface PlanDbRow {
  id: number;
  name: string;
  is_enabled: boolean;
  position: number;
  after_id: number | null;
  settings: unknown;
  rules: unknown;
  backups_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface Plan {
  id: number;
  name: string;
  isEnabled: boolean;
  position: number;
  settings: BackupSettings;
  rules: RuleSet;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function readSettings(doc: unknown): BackupSettings {
  const r = BackupSettings.safeParse(doc ?? {});
  return r.success ? r.data : {};
}

const ROW_SELECT = `
  SELECT p.id, p.name, p.is_enabled, p.position, p.settings, p.rules, p.created_at, p.updated_at,
         lag(p.id) OVER (ORDER BY p.position, p.id) AS after_id,
         (SELECT count(*)::int FROM backups b WHERE b.backup_plan_id = p.id) AS backups_count
    FROM backup_plans p`;

function toRow(r: PlanDbRow): BackupPlanRow {
  return {
    Id: r.id,
    Name: r.name,
    IsEnabled: r.is_enabled,
    Position: r.position,
    AfterId: r.after_id,
    Rules: readRules(r.rules),
    Settings: readSettings(r.settings),
    BackupsCount: r.backups_count,
    CreatedAt: iso(r.created_at),
    UpdatedAt: iso(r.updated_at),
  };
}

const hasRules = (rules: RuleSet) => rules.Groups.some((g) => g.Conditions.length > 0);
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** The winning plan of each backup as an SQL CASE over the enabled plans in order (backups `b`). */
function winnerSql(plans: Plan[], params: unknown[]): string {
  const arms = plans
    .filter((p) => p.isEnabled && hasRules(p.rules))
    .map((p) => `WHEN ${rulesSql(p.rules, params)} THEN ${p.id}`);
  return arms.length ? `CASE ${arms.join(' ')} END` : 'NULL::int';
}

export class BackupPlanService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>) {}

  private get database(): Database {
    return this.deps.database;
  }

  private q(): QueryFn {
    return (text, params) => this.database.query(text, params);
  }

  private async plans(q: QueryFn, tenantId: number, lock = false): Promise<Plan[]> {
    const r = await q<PlanDbRow>(
      `SELECT id, name, is_enabled, position, settings, rules FROM backup_plans WHERE tenant_id = $1
        ORDER BY position, id${lock ? ' FOR UPDATE' : ''}`,
      [tenantId],
    );
    return r.rows.map((p) => ({
      id: p.id,
      name: p.name,
      isEnabled: p.is_enabled,
      position: p.position,
      settings: readSettings(p.settings),
      rules: readRules(p.rules),
    }));
  }

  private async one(q: QueryFn, tenantId: number, id: number): Promise<Plan> {
    const p = (await this.plans(q, tenantId)).find((x) => x.id === id);
    if (!p) throw notFound();
    return p;
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
    return (await this.one(this.q(), tenantId, id)).rules;
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
    const order = (await this.plans(q, tenantId, true)).map((p) => p.id).filter((x) => x !== id);
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
        const before = await this.one(q, actor.tenantId, input.Id);
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
      const p = await this.one(q, actor.tenantId, id);
      await q('DELETE FROM backup_tags WHERE tenant_id = $1 AND plan_id = $2', [actor.tenantId, id]);
      await q('UPDATE backups SET backup_plan_id = NULL WHERE tenant_id = $1 AND backup_plan_id = $2', [
        actor.tenantId,
        id,
      ]);
      await q('DELETE FROM backup_plans WHERE tenant_id = $1 AND id = $2', [actor.tenantId, id]);
      const rest = (await this.plans(q, actor.tenantId, true)).map((x) => x.id);
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
      const p = await this.one(q, actor.tenantId, id);
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
      const before = await this.plans(q, actor.tenantId, true);
      const p = before.find((x) => x.id === id);
      if (!p) throw notFound();
      await this.place(q, actor.tenantId, id, afterId);
      const after = await this.plans(q, actor.tenantId);
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

  /**
   * Applies plans: every matching non-retired backup gets the settings of its winning plan (the
   * first enabled match). Without override, a backup another plan already governs keeps that
   * plan; with it, every match is re-applied. `ids` limits the write to backups whose winner is
   * one of them.
   */
  async apply(
    actor: Actor,
    ids: number[] | undefined,
    override: boolean,
    visible: number[] | null,
  ): Promise<BackupPlanApplyAnswer> {
    const result = await this.database.transaction(async (q) => {
      const plans = await this.plans(q, actor.tenantId, true);
      const wanted = ids ? new Set(ids) : null;
      if (wanted) for (const id of wanted) if (!plans.some((p) => p.id === id)) throw notFound();
      const params: unknown[] = [actor.tenantId];
      const winner = winnerSql(plans, params);
      const rows = await q<{ id: number; current: number | null; winner: number }>(
        `SELECT id, current, winner FROM (
           SELECT b.id, b.backup_plan_id AS current, ${winner} AS winner FROM backups b
            WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active') AND ${visibilitySql(visible, params)}
         ) x WHERE winner IS NOT NULL ORDER BY id`,
        params,
      );
      const byPlan = new Map<number, number[]>();
      let kept = 0;
      for (const r of rows.rows) {
        if (wanted && !wanted.has(r.winner)) continue;
        if (!override && r.current !== null && r.current !== r.winner) {
          kept += 1;
          continue;
        }
        byPlan.set(r.winner, [...(byPlan.get(r.winner) ?? []), r.id]);
      }
      const answer: BackupPlanApplyAnswer['Plans'] = [];
      const reroll: number[] = [];
      for (const p of plans) {
        const list = byPlan.get(p.id);
        if (!list) continue;
        // The plan's tags replace the tags any plan gave these backups before.
        await q('DELETE FROM backup_tags WHERE tenant_id = $1 AND backup_id = ANY($2::int[]) AND plan_id IS NOT NULL', [
          actor.tenantId,
          list,
        ]);
        const w = await writeBackupSettings(q, actor.tenantId, list, p.settings, {
          backupPlanId: p.id,
          companySource: 'plan',
          tags: 'add',
        });
        reroll.push(...w.reroll);
        answer.push({ Id: p.id, Name: p.name, Applied: w.ids.length });
        await logActivity(q, actor, {
          action: 'Backup plan applied',
          entityType: 'BackupPlan',
          entityId: p.id,
          entityName: p.name,
          after: { Backups: w.ids.length, Override: override },
        });
      }
      return { answer, kept, reroll };
    });
    const how = await queueReroll(this.deps, result.reroll);
    return {
      Plans: result.answer,
      Applied: result.answer.reduce((n, p) => n + p.Applied, 0),
      Kept: result.kept,
      Reroll: how,
    };
  }

  /** The backups some rules (or a saved plan's) match, with the plan governing each and its tags. */
  async backups(
    tenantId: number,
    input: { Rules?: RuleSet; Id?: number; Page: number; Size: number },
    visible: number[] | null,
  ): Promise<Paged<BackupPlanBackup>> {
    const plans = await this.plans(this.q(), tenantId);
    let rules = input.Rules;
    if (!rules) {
      if (!input.Id) throw badRequest('Give Rules or a plan Id', 'Rules');
      const p = plans.find((x) => x.id === input.Id);
      if (!p) throw notFound();
      rules = p.rules;
    }
    const params: unknown[] = [tenantId];
    const winner = winnerSql(plans, params);
    const match = rulesSql(rules, params);
    const vis = visibilitySql(visible, params);
    params.push(input.Size, (input.Page - 1) * input.Size);
    const r = await this.database.query<{
      id: number;
      device_name: string;
      job_name: string;
      vendor: string;
      company_name: string | null;
      state: string;
      backup_plan_id: number | null;
      plan_name: string | null;
      winner: number | null;
      tags: { Value: string; PlanId: number | null; PlanName: string | null }[] | null;
      total: number;
    }>(
      `SELECT b.id, b.device_name, b.job_name, b.vendor, c.name AS company_name, b.state, b.backup_plan_id,
              bp.name AS plan_name, ${winner} AS winner, count(*) OVER ()::int AS total,
              (SELECT json_agg(json_build_object('Value', t.tag, 'PlanId', t.plan_id, 'PlanName', tp.name) ORDER BY t.tag)
                 FROM backup_tags t LEFT JOIN backup_plans tp ON tp.id = t.plan_id WHERE t.backup_id = b.id) AS tags
         FROM backups b
         LEFT JOIN companies c ON c.id = b.company_id
         LEFT JOIN backup_plans bp ON bp.id = b.backup_plan_id
        WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active') AND ${match} AND ${vis}
        ORDER BY lower(b.device_name), lower(b.job_name), b.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const names = new Map(plans.map((p) => [p.id, p.name]));
    const total = r.rows[0]?.total ?? 0;
    return {
      Results: r.rows.map((x) => ({
        Id: x.id,
        DeviceName: x.device_name,
        JobName: x.job_name,
        Vendor: x.vendor,
        CompanyName: x.company_name ?? NO_COMPANY,
        State: x.state,
        BackupPlanId: x.backup_plan_id,
        BackupPlanName: x.plan_name,
        WinningPlanId: x.winner,
        WinningPlanName: x.winner === null ? null : (names.get(x.winner) ?? null),
        Tags: x.tags ?? [],
      })),
      Page: input.Page,
      PageSize: input.Size,
      Total: total,
      TotalPages: Math.ceil(total / input.Size),
    };
  }

  async scheduledDays(
    tenantId: number,
    input: { Schedule?: ScheduleRule; ScheduleId?: number; From: string; To: string },
  ): Promise<{ Days: string[]; Count: number }> {
    const span = checkRange(input.From, input.To);
    let rule: ScheduleRule | null = input.Schedule ?? null;
    if (input.ScheduleId) {
      const r = await this.database.query<{ rule: unknown }>(
        'SELECT rule FROM schedules WHERE tenant_id = $1 AND id = $2',
        [tenantId, input.ScheduleId],
      );
      if (!r.rows.length) throw badRequest('Schedule not found', 'ScheduleId');
      const parsed = ScheduleRule.safeParse(r.rows[0].rule);
      rule = parsed.success ? parsed.data : null;
    }
    if (!rule) throw badRequest('Schedule is a required field', 'Schedule');
    const days: string[] = [];
    for (let i = 0; i <= span; i += 1) {
      const d = addDays(input.From, i);
      if (isScheduled(rule, d)) days.push(d);
    }
    return { Days: days, Count: days.length };
  }
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function checkRange(from: string, to: string): number {
  const span = daysBetween(from, to);
  if (span < 0) throw badRequest('To must be later than From', 'To');
  if (span >= MAX_RANGE_DAYS) throw badRequest(`The range is at most ${MAX_RANGE_DAYS} days`, 'To');
  return span;
}

/** Per day: weekday flag (Sunday 1 … Saturday 64), month, nth weekday of the month and whether it is the last. */
export function dateFlags(from: string, to: string) {
  const span = checkRange(from, to);
  const out = [];
  for (let i = 0; i <= span; i += 1) {
    const d = addDays(from, i);
    const date = new Date(`${d}T00:00:00Z`);
    const wd = date.getUTCDay();
    const dom = date.getUTCDate();
    const month = date.getUTCMonth() + 1;
    const next = new Date(`${addDays(d, 7)}T00:00:00Z`).getUTCMonth() + 1;
    out.push({
      Date: d,
      Weekday: 1 << wd,
      WeekdayName: WEEKDAY_NAMES[wd],
      Month: month,
      Nth: Math.floor((dom - 1) / 7) + 1,
      IsLast: next !== month,
    });
  }
  return { Days: out };
}
