// What every backup operation shares: the outcome, the context, the settings view and the ownership lock.
import type { PolicyRow } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { type Actor } from '../../changes/activity.ts';
import { notFound } from '../../platform/errors.ts';
import { visibilitySql } from '../audit/common.ts';
import { type PolicyState } from './policy-columns.ts';
import { policiesByIds } from './policy-lookup.ts';

export interface OperationOutcome {
  ids: number[];
  queued: boolean;
}

export type Ctx = Pick<Deps, 'database' | 'rollup' | 'jobs'>;

/** The fields of a PolicyRow an edit can change, for the log's before/after. */
export function settingsView(r: PolicyRow) {
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

export function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
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
export async function lockOwned(
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

export const entityName = (r: PolicyRow) => `${r.DeviceName} · ${r.JobName}`;
