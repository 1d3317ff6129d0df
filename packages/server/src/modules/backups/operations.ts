import type { BackupSettings, PolicyRow } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { visibilitySql } from '../audit/common.ts';
import { endTicketsForBackups } from '../ticketing/engine/index.ts';
import { policiesByIds, type PolicyState } from './service.ts';

/**
 * The backup lifecycle (features §4.4, §4.7): activate and edit, retire, reactivate, delete and
 * merge. Each call is one transaction with its activity log lines; the history re-roll follows
 * the commit. Ids the caller may not touch (another tenant's, a company they cannot see, a
 * backup in the wrong state) are refused as a whole: 404, nothing written.
 */

export interface OperationOutcome {
  ids: number[];
  queued: boolean;
}

type Ctx = Pick<Deps, 'database' | 'rollup' | 'jobs'>;

/** The fields of a PolicyRow an edit can change, for the log's before/after. */
function settingsView(r: PolicyRow) {
  return {
    CompanyName: r.CompanyName,
    BackupType: r.BackupType,
    ScheduleName: r.ScheduleName,
    DayStartHour: r.DayStartHour,
    StatusCalculation: r.StatusCalculation,
    TreatWarningAsSuccess: r.TreatWarningAsSuccess,
    FailureThreshold: r.FailureThreshold,
    Notes: r.Notes,
    Tags: r.Tags.map((t) => t.TagValue),
    State: r.State,
  };
}

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

/** Locks the backups and checks every id is the caller's and in one of `states`; 404 otherwise. */
async function lockOwned(
  q: QueryFn,
  actor: Actor,
  ids: number[],
  states: PolicyState[],
  visible: number[] | null,
  withCounts = true,
): Promise<PolicyRow[]> {
  const unique = [...new Set(ids)];
  const params: unknown[] = [actor.tenantId, unique, states];
  const r = await q<{ id: number }>(
    `SELECT b.id FROM backups b WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) AND b.state = ANY($3::text[])
        AND ${visibilitySql(visible, params)} ORDER BY b.id FOR UPDATE`,
    params,
  );
  if (r.rows.length !== unique.length) throw notFound();
  return policiesByIds(q, actor.tenantId, unique, visible, withCounts);
}

const entityName = (r: PolicyRow) => `${r.DeviceName} · ${r.JobName}`;

/** Activate or edit one or many backups with the same settings. */
export async function editPolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  settings: BackupSettings,
  opts: { activate?: boolean; tags?: 'add' | 'replace'; standalone?: boolean },
): Promise<OperationOutcome> {
  const written = await ctx.database.transaction(async (q) => {
    const before = await lockOwned(
      q,
      actor,
      ids,
      opts.activate ? ['Inactive', 'Active'] : ['Inactive', 'Active', 'Retired'],
      visible,
    );
    const result = await writeBackupSettings(
      q,
      actor.tenantId,
      before.map((b) => b.PolicyId),
      settings,
      {
        activate: opts.activate,
        tags: opts.tags ?? 'add',
        companySource: 'manual',
        templateId: opts.standalone ? null : undefined,
      },
    );
    const after = new Map(
      (await policiesByIds(q, actor.tenantId, result.ids, visible, false)).map((r) => [r.PolicyId, r]),
    );
    await logActivity(
      q,
      actor,
      before.map((b) => {
        const a = after.get(b.PolicyId)!;
        const diff = changed(settingsView(b), settingsView(a));
        return {
          action: opts.activate && b.State === 'Inactive' ? 'Backup activated' : 'Backup edited',
          entityType: 'Backup',
          entityId: b.PolicyId,
          entityName: entityName(b),
          before: diff.before,
          after: diff.after,
        } as const;
      }),
    );
    return result;
  });
  const mode = await queueReroll(ctx, written.reroll);
  return { ids: written.ids, queued: mode === 'queued' };
}

/** Retire: the backup keeps its history and stops counting (leaves Audit and the counts). */
export async function retirePolicies(
  ctx: Deps,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  closePsaTicket: boolean,
): Promise<OperationOutcome> {
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Inactive', 'Active'], visible, false);
    const list = rows.map((r) => r.PolicyId);
    await q(`UPDATE backups SET state = 'Retired', retired_at = now() WHERE id = ANY($1::int[])`, [list]);
    await logActivity(
      q,
      actor,
      rows.map((r) => ({
        action: 'Backup retired' as const,
        entityType: 'Backup' as const,
        entityId: r.PolicyId,
        entityName: entityName(r),
        before: { State: r.State },
        after: { State: 'Retired', ClosePsaTicket: closePsaTicket },
      })),
    );
    return list;
  });
  await endTicketsForBackups(ctx, actor.tenantId, done, closePsaTicket, actor.userId);
  return { ids: done, queued: false };
}

/**
 * Reactivate a retired backup: back to Active when it had been activated before (its history
 * is re-rolled, results that arrived meanwhile count), else back to Inactive.
 */
export async function reactivatePolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
): Promise<OperationOutcome> {
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Retired'], visible, false);
    const r = await q<{ id: number; state: string }>(
      `UPDATE backups SET state = CASE WHEN activated_at IS NULL THEN 'Inactive' ELSE 'Active' END, retired_at = NULL
        WHERE id = ANY($1::int[]) RETURNING id, state`,
      [rows.map((x) => x.PolicyId)],
    );
    const states = new Map(r.rows.map((x) => [x.id, x.state]));
    await logActivity(
      q,
      actor,
      rows.map((x) => ({
        action: 'Backup reactivated' as const,
        entityType: 'Backup' as const,
        entityId: x.PolicyId,
        entityName: entityName(x),
        before: { State: 'Retired' },
        after: { State: states.get(x.PolicyId) },
      })),
    );
    return r.rows.filter((x) => x.state === 'Active').map((x) => x.id);
  });
  const mode = await queueReroll(ctx, done);
  return { ids: ids, queued: mode === 'queued' };
}

/**
 * Delete: the backup and its results go. If e-mails for it keep arriving it is discovered
 * again as a new inactive backup. Linked PSA tickets are unlinked, or closed with ClosePsaTicket.
 */
export async function deletePolicies(
  ctx: Deps,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  closePsaTicket: boolean,
): Promise<OperationOutcome> {
  // Tickets end while their links to the backups exist (the links go with the backups), and
  // only when every id may be deleted: otherwise the delete below answers 404.
  const params: unknown[] = [actor.tenantId, [...new Set(ids)]];
  const owned = await ctx.database.query<{ id: number }>(
    `SELECT b.id FROM backups b WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) AND b.state <> 'Merged'
        AND ${visibilitySql(visible, params)}`,
    params,
  );
  if (owned.rows.length === new Set(ids).size)
    await endTicketsForBackups(ctx, actor.tenantId, [...new Set(ids)], closePsaTicket, actor.userId);
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Inactive', 'Active', 'Retired'], visible);
    const list = rows.map((r) => r.PolicyId);
    // Backups merged into these go with them.
    await q(`DELETE FROM backups WHERE parent_id = ANY($1::int[]) AND state = 'Merged'`, [list]);
    await q('DELETE FROM backups WHERE id = ANY($1::int[])', [list]);
    await logActivity(
      q,
      actor,
      rows.map((r) => ({
        action: 'Backup deleted' as const,
        entityType: 'Backup' as const,
        entityId: r.PolicyId,
        entityName: entityName(r),
        before: { ...settingsView(r), Results: r.ResultCount },
        after: { ClosePsaTicket: closePsaTicket },
      })),
    );
    return list;
  });
  return { ids: done, queued: false };
}

/**
 * Merge: the source's results, tags, marks and suppressed days join the target; the source
 * stays behind as a 'Merged' row pointing at the target, so e-mails still arriving under the
 * source's name are filed to the target. The target's history is re-rolled.
 */
export async function mergePolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  sourceId: number,
  targetId: number,
): Promise<OperationOutcome> {
  if (sourceId === targetId) throw badRequest('A backup cannot be merged into itself', 'TargetPolicyId');
  await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, [sourceId, targetId], ['Inactive', 'Active', 'Retired'], visible);
    const source = rows.find((r) => r.PolicyId === sourceId)!;
    const target = rows.find((r) => r.PolicyId === targetId)!;
    await q('UPDATE results SET backup_id = $2, business_day = NULL WHERE backup_id = $1', [sourceId, targetId]);
    await q(
      `INSERT INTO backup_tags (tenant_id, backup_id, tag, plan_id)
       SELECT tenant_id, $2, tag, plan_id FROM backup_tags WHERE backup_id = $1 ON CONFLICT DO NOTHING`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE audit_actions a SET backup_id = $2 WHERE a.backup_id = $1
          AND NOT EXISTS (SELECT 1 FROM audit_actions x WHERE x.backup_id = $2 AND x.day = a.day AND x.kind = a.kind)`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE suppressed_days a SET backup_id = $2 WHERE a.backup_id = $1
          AND NOT EXISTS (SELECT 1 FROM suppressed_days x WHERE x.backup_id = $2 AND x.day = a.day)`,
      [sourceId, targetId],
    );
    await q('DELETE FROM backup_days WHERE backup_id = $1', [sourceId]);
    // Earlier merges into the source now point at the target.
    await q(`UPDATE backups SET parent_id = $2 WHERE parent_id = $1 AND state = 'Merged'`, [sourceId, targetId]);
    await q(
      `UPDATE backups SET state = 'Merged', parent_id = $2, retired_at = now(), current_status = 0, status_since = NULL,
              last_success_day = NULL, last_success_at = NULL, rolled_to = NULL WHERE id = $1`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE backups t SET last_email_at = GREATEST(t.last_email_at, s.last_email_at),
              last_result_at = GREATEST(t.last_result_at, s.last_result_at)
         FROM backups s WHERE t.id = $2 AND s.id = $1`,
      [sourceId, targetId],
    );
    await logActivity(q, actor, {
      action: 'Backups merged',
      entityType: 'Backup',
      entityId: targetId,
      entityName: entityName(target),
      before: { Source: { PolicyId: sourceId, Name: entityName(source), Results: source.ResultCount } },
      after: {
        Target: { PolicyId: targetId, Name: entityName(target), Results: target.ResultCount + source.ResultCount },
      },
    });
  });
  const mode = await queueReroll(ctx, [targetId]);
  return { ids: [sourceId, targetId], queued: mode === 'queued' };
}

/** Pause (or resume with null): the backup keeps auditing but raises no tickets or alerts until then. */
export async function pausePolicy(
  database: Database,
  actor: Actor,
  visible: number[] | null,
  id: number,
  until: string | null,
): Promise<void> {
  await database.transaction(async (q) => {
    const [row] = await lockOwned(q, actor, [id], ['Inactive', 'Active'], visible);
    if (until && new Date(until) <= new Date()) throw badRequest('Pause must end in the future', 'Until');
    await q('UPDATE backups SET paused_until = $2 WHERE id = $1', [id, until]);
    await logActivity(q, actor, {
      action: 'Backup paused',
      entityType: 'Backup',
      entityId: id,
      entityName: entityName(row),
      before: { PausedUntil: row.PausedUntil },
      after: { PausedUntil: until },
    });
  });
}
