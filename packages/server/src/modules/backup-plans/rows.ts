import { BackupSettings, type BackupPlanRow, type RuleSet } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { readRules, rulesSql } from '../../matching/rules.ts';
import { notFound } from '../../platform/errors.ts';
import { iso } from '../../platform/dates.ts';

/** Backup plans as stored and as listed, and the queries every operation shares. */

export interface PlanDbRow {
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

export interface Plan {
  id: number;
  name: string;
  isEnabled: boolean;
  position: number;
  settings: BackupSettings;
  rules: RuleSet;
}

function readSettings(doc: unknown): BackupSettings {
  const r = BackupSettings.safeParse(doc ?? {});
  return r.success ? r.data : {};
}

export const ROW_SELECT = `
  SELECT p.id, p.name, p.is_enabled, p.position, p.settings, p.rules, p.created_at, p.updated_at,
         lag(p.id) OVER (ORDER BY p.position, p.id) AS after_id,
         (SELECT count(*)::int FROM backups b WHERE b.backup_plan_id = p.id) AS backups_count
    FROM backup_plans p`;

export function toRow(r: PlanDbRow): BackupPlanRow {
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

export const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export /** The winning plan of each backup as an SQL CASE over the enabled plans in order (backups `b`). */
function winnerSql(plans: Plan[], params: unknown[]): string {
  const arms = plans
    .filter((p) => p.isEnabled && hasRules(p.rules))
    .map((p) => `WHEN ${rulesSql(p.rules, params)} THEN ${p.id}`);
  return arms.length ? `CASE ${arms.join(' ')} END` : 'NULL::int';
}

/** A query function over the pool, for reads outside a transaction. */
export const queryOf =
  (database: Database): QueryFn =>
  (text, params) =>
    database.query(text, params);

/** The tenant's plans in order. */
export async function loadPlans(q: QueryFn, tenantId: number, lock = false): Promise<Plan[]> {
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

export async function onePlan(q: QueryFn, tenantId: number, id: number): Promise<Plan> {
  const p = (await loadPlans(q, tenantId)).find((x) => x.id === id);
  if (!p) throw notFound();
  return p;
}
