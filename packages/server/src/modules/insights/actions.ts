import {
  describeScheduleRule,
  INSIGHT_TYPES,
  type BackupSettings,
  type InsightActionInput,
  type InsightType,
  type ScheduleRule,
} from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor, type ActivityEntry } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { visibilitySql } from '../audit/common.ts';
import { readSuggestion, type StoredSuggestion } from './stored.ts';

/**
 * Applying and dismissing suggestions (features §9). One transaction: the backups' settings are
 * written through the shared settings writer with their activity log lines, and the applied
 * suggestions are removed; the history re-roll follows the commit. Any id the caller may not
 * touch (another tenant's, a company they cannot see, already handled) fails the whole call
 * with 404 and writes nothing.
 */

interface Target {
  id: number;
  backup_id: number;
  suggestion: StoredSuggestion;
  device_name: string;
  job_name: string;
  vendor: string;
  method: string;
  backup_type: string;
  schedule: ScheduleRule | null;
  schedule_name: string | null;
  day_start_hour: number;
}

export interface ActionOutcome {
  Applied: number;
  Dismissed: number;
  Message: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entityName = (t: Target) => `${t.device_name} · ${t.job_name}`;
const scheduleWords = (rule: ScheduleRule | null, name: string | null) =>
  name ?? (rule ? describeScheduleRule(rule) : 'No schedule');

async function lockTargets(
  q: QueryFn,
  actor: Actor,
  visible: number[] | null,
  type: InsightType,
  ids: number[],
): Promise<Target[]> {
  const unique = [...new Set(ids)];
  const params: unknown[] = [actor.tenantId, type, unique];
  const r = await q<Target>(
    `SELECT i.id::int AS id, i.backup_id, i.suggestion, b.device_name, b.job_name, b.vendor, b.method, b.backup_type,
            COALESCE(s.rule, b.schedule) AS schedule, s.name AS schedule_name, b.day_start_hour
       FROM insights i JOIN backups b ON b.id = i.backup_id LEFT JOIN schedules s ON s.id = b.schedule_id
      WHERE i.tenant_id = $1 AND i.type = $2 AND i.id = ANY($3::bigint[]) AND i.dismissed_at IS NULL
        AND b.state = 'Active' AND ${visibilitySql(visible, params)}
      ORDER BY i.id FOR UPDATE OF i, b`,
    params,
  );
  if (r.rows.length !== unique.length) throw notFound();
  return r.rows;
}

/**
 * The schedule to write. The suggestion names days to add or remove against the schedule it was
 * made from; if the schedule changed since, those days are added to or removed from the schedule
 * as it is now, so two suggestions for one backup can both be applied.
 */
function scheduleToWrite(t: Target, type: InsightType): ScheduleRule {
  const { suggestion, basis } = readSuggestion(t.suggestion);
  const target = suggestion.schedule!;
  const now = t.schedule;
  if (!basis || JSON.stringify(now) === JSON.stringify(basis)) return target;
  if (now?.kind !== 'weekly' || basis.kind !== 'weekly' || target.kind !== 'weekly') {
    throw badRequest(
      `The schedule of ${entityName(t)} changed since this suggestion was made; recompute the insights.`,
    );
  }
  const weekdays =
    type === 'BackupMissingSchedule'
      ? now.weekdays | (target.weekdays & ~basis.weekdays)
      : now.weekdays & ~(basis.weekdays & ~target.weekdays);
  if (weekdays === 0) throw badRequest(`Applying this would leave ${entityName(t)} without a scheduled day.`);
  return { ...now, weekdays };
}

/** A backup of the other type with the same identity would collide with the change. */
async function checkTypeChange(q: QueryFn, tenantId: number, targets: Target[]): Promise<void> {
  const r = await q<{ id: number }>(
    `SELECT x.id FROM unnest($2::int[], $3::text[]) AS x(id, to_type) JOIN backups a ON a.id = x.id
      WHERE EXISTS (SELECT 1 FROM backups o WHERE o.tenant_id = $1 AND o.id <> a.id AND o.vendor = a.vendor
                      AND o.device_name = a.device_name AND o.job_name = a.job_name AND o.method = a.method
                      AND o.backup_type = x.to_type)`,
    [tenantId, targets.map((t) => t.backup_id), targets.map((t) => readSuggestion(t.suggestion).suggestion.backupType)],
  );
  const clash = targets.find((t) => t.backup_id === r.rows[0]?.id);
  if (clash) {
    const to = readSuggestion(clash.suggestion).suggestion.backupType;
    throw badRequest(
      `${entityName(clash)} already exists as ${to === 'Alert' ? 'an Alert' : 'a Backup'}; merge the two in Manage instead.`,
    );
  }
}

async function applyOne(
  q: QueryFn,
  actor: Actor,
  type: InsightType,
  t: Target,
): Promise<{ entry: ActivityEntry; reroll: number[] }> {
  let settings: BackupSettings;
  let before: Record<string, unknown>;
  let after: Record<string, unknown>;
  if (type === 'BackupType') {
    const to = readSuggestion(t.suggestion).suggestion.backupType!;
    settings = { BackupType: to };
    before = { BackupType: t.backup_type };
    after = { BackupType: to };
  } else {
    const rule = scheduleToWrite(t, type);
    settings = { Schedule: rule };
    before = { ScheduleName: scheduleWords(t.schedule, t.schedule_name) };
    after = { ScheduleName: describeScheduleRule(rule) };
  }
  const written = await writeBackupSettings(q, actor.tenantId, [t.backup_id], settings);
  return {
    entry: {
      action: 'Backup edited',
      entityType: 'Backup',
      entityId: t.backup_id,
      entityName: entityName(t),
      before,
      after,
    },
    reroll: written.reroll,
  };
}

export async function actOnInsights(
  deps: Pick<Deps, 'database' | 'rollup' | 'jobs'>,
  actor: Actor,
  visible: number[] | null,
  type: InsightType,
  input: InsightActionInput,
): Promise<ActionOutcome> {
  const info = INSIGHT_TYPES[type];
  if (input.Action === 'apply' && !info.selectable) {
    throw badRequest(
      `${info.title} suggestions cannot be applied from Insights; change the backup in Manage or dismiss them.`,
      'Action',
    );
  }
  const outcome = await deps.database.transaction(async (q) => {
    const targets = await lockTargets(q, actor, visible, type, input.Ids);
    const ids = targets.map((t) => t.id);
    if (input.Action === 'dismiss') {
      await q('UPDATE insights SET dismissed_at = now() WHERE id = ANY($1::bigint[])', [ids]);
      return { applied: 0, dismissed: ids.length, reroll: [] as number[] };
    }
    if (type === 'BackupType') await checkTypeChange(q, actor.tenantId, targets);
    const entries: ActivityEntry[] = [];
    const reroll: number[] = [];
    for (const t of targets) {
      const one = await applyOne(q, actor, type, t);
      entries.push(one.entry);
      reroll.push(...one.reroll);
    }
    await logActivity(q, actor, entries);
    await q('DELETE FROM insights WHERE id = ANY($1::bigint[])', [ids]);
    return { applied: ids.length, dismissed: 0, reroll };
  });
  await queueReroll(deps, outcome.reroll);
  return {
    Applied: outcome.applied,
    Dismissed: outcome.dismissed,
    Message: outcome.applied
      ? `Applied ${plural(outcome.applied, 'suggestion')}.`
      : `Dismissed ${plural(outcome.dismissed, 'suggestion')}.`,
  };
}
