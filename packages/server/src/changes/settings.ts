import type { BackupSettings } from '@vigil/contract';
import type { QueryFn } from '../db/client.ts';
import { badRequest } from '../platform/errors.ts';

/**
 * Writing backup settings (features §2.2 edit popups, templates, backup plans, activation) for
 * one or many backups in one statement. A field left out of `settings` is left as it is. The
 * caller runs this inside its transaction and then re-rolls `reroll` (the backups whose status
 * inputs really changed) with `queueReroll`.
 */

export interface WriteOptions {
  /** Tags: 'replace' sets exactly these user tags, 'add' adds them (the default). */
  tags?: 'replace' | 'add';
  /** Also make Inactive backups Active (activation). */
  activate?: boolean;
  /** Recorded as how the company was set when CompanyId is given: manual, rule, template, plan. */
  companySource?: string;
  /** Links the backups to a template (a number), makes them standalone (null), or leaves the link. */
  templateId?: number | null;
  /** Marks the backup plan that applied the settings. */
  backupPlanId?: number | null;
}

export interface WriteResult {
  /** Backups written. */
  ids: number[];
  /** Active backups whose status inputs changed (schedule, type, start of business, calculation). */
  reroll: number[];
}

/** Checks that the referenced company and schedule belong to the tenant (else 400 naming the field). */
export async function checkSettingRefs(q: QueryFn, tenantId: number, s: BackupSettings): Promise<void> {
  if (s.CompanyId) {
    const r = await q('SELECT 1 FROM companies WHERE id = $1 AND tenant_id = $2', [s.CompanyId, tenantId]);
    if (!r.rows.length) throw badRequest('Company not found', 'CompanyId');
  }
  if (s.ScheduleId) {
    const r = await q('SELECT 1 FROM schedules WHERE id = $1 AND tenant_id = $2', [s.ScheduleId, tenantId]);
    if (!r.rows.length) throw badRequest('Schedule not found', 'ScheduleId');
  }
}

export async function writeBackupSettings(
  q: QueryFn,
  tenantId: number,
  backupIds: number[],
  s: BackupSettings,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  if (!backupIds.length) return { ids: [], reroll: [] };
  await checkSettingRefs(q, tenantId, s);
  const has = (k: keyof BackupSettings) => s[k] !== undefined;
  const scheduleGiven = has('Schedule') || has('ScheduleId');
  const params: unknown[] = [tenantId, backupIds];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const sets: string[] = [];
  if (has('CompanyId')) {
    sets.push(`company_id = ${p(s.CompanyId)}::int`);
    sets.push(`company_source = ${p(s.CompanyId === null ? null : (opts.companySource ?? 'manual'))}::text`);
  }
  if (has('BackupType')) sets.push(`backup_type = ${p(s.BackupType)}::text`);
  if (scheduleGiven) {
    // A named schedule wins; a rule alone clears the named one.
    sets.push(`schedule_id = ${p(s.ScheduleId ?? null)}::int`);
    sets.push(`schedule = ${p(s.ScheduleId ? null : s.Schedule ? JSON.stringify(s.Schedule) : null)}::jsonb`);
  }
  if (has('DayStartHour')) sets.push(`day_start_hour = ${p(s.DayStartHour)}::int`);
  if (has('StatusCalculation')) sets.push(`status_calculation = ${p(s.StatusCalculation)}::text`);
  if (has('TreatWarningAsSuccess')) sets.push(`treat_warning_as_success = ${p(s.TreatWarningAsSuccess)}::boolean`);
  if (has('FailureThreshold')) sets.push(`failure_threshold = ${p(s.FailureThreshold)}::int`);
  if (has('Notes')) sets.push(`notes = ${p(s.Notes)}::text`);
  if (opts.templateId !== undefined) sets.push(`template_id = ${p(opts.templateId)}::int`);
  if (opts.backupPlanId !== undefined) sets.push(`backup_plan_id = ${p(opts.backupPlanId)}::int`);
  if (opts.activate) {
    sets.push(`state = 'Active'`, 'activated_at = COALESCE(b.activated_at, now())', 'retired_at = NULL');
  }
  const states = opts.activate ? `('Inactive', 'Active')` : `('Inactive', 'Active', 'Retired')`;
  const written = await q<{ id: number; reroll: boolean }>(
    `WITH old AS (
       SELECT id, state, backup_type, schedule, schedule_id, day_start_hour, status_calculation, treat_warning_as_success
         FROM backups WHERE tenant_id = $1 AND id = ANY($2::int[]) AND state IN ${states} FOR UPDATE
     )
     UPDATE backups b SET ${sets.length ? sets.join(', ') : 'id = b.id'}
       FROM old
      WHERE b.id = old.id
      RETURNING b.id,
        (b.state = 'Active' AND (old.state <> 'Active'
          OR b.backup_type IS DISTINCT FROM old.backup_type OR b.schedule IS DISTINCT FROM old.schedule
          OR b.schedule_id IS DISTINCT FROM old.schedule_id OR b.day_start_hour <> old.day_start_hour
          OR b.status_calculation <> old.status_calculation
          OR b.treat_warning_as_success <> old.treat_warning_as_success)) AS reroll`,
    params,
  );
  const ids = written.rows.map((r) => r.id);
  if (s.Tags !== undefined && ids.length) {
    const tags = [...new Set(s.Tags.map((t) => t.trim()).filter(Boolean))];
    if (opts.tags === 'replace') {
      await q(
        'DELETE FROM backup_tags WHERE backup_id = ANY($1::int[]) AND plan_id IS NULL AND NOT (tag = ANY($2::text[]))',
        [ids, tags],
      );
    }
    if (tags.length) {
      await q(
        `INSERT INTO backup_tags (tenant_id, backup_id, tag, plan_id)
         SELECT $1, b.id, t.tag, $4::int FROM unnest($2::int[]) AS b(id) CROSS JOIN unnest($3::text[]) AS t(tag)
         ON CONFLICT (backup_id, tag) DO NOTHING`,
        [tenantId, ids, tags, opts.backupPlanId ?? null],
      );
      // Every tag in use is in the tenant's catalogue (Settings → Tags).
      await q(
        `INSERT INTO tags (tenant_id, value) SELECT $1, t FROM unnest($2::text[]) AS t
         ON CONFLICT (tenant_id, lower(value)) DO NOTHING`,
        [tenantId, tags],
      );
    }
  }
  if (opts.activate && ids.length) {
    // Results that arrived while inactive now count: their e-mails stop showing as Inactive.
    await q(
      `UPDATE emails e SET state = 'Processed' WHERE e.state = 'Inactive' AND e.tenant_id = $2
          AND EXISTS (SELECT 1 FROM results r WHERE r.email_id = e.id AND r.backup_id = ANY($1::int[]))`,
      [ids, tenantId],
    );
  }
  return { ids, reroll: written.rows.filter((r) => r.reroll).map((r) => r.id) };
}
