import type { Database } from '../db/client.ts';
import type { ScheduleRule, StatusCalculation } from '../status/index.ts';
import type { RollupWriter } from './rollup.ts';

export interface ActivationSettings {
  companyId?: number | null;
  schedule?: ScheduleRule | null;
  scheduleId?: number | null;
  dayStartHour?: number;
  statusCalculation?: StatusCalculation;
  treatWarningAsSuccess?: boolean;
  tags?: string[];
}

/**
 * Makes discovered backups count: state Active with the given audit settings, then their whole
 * history is rolled up. Only the tenant's own Inactive or Active backups are touched; returns
 * the ids that were.
 */
export async function activateBackups(
  database: Database,
  rollup: RollupWriter,
  tenantId: number,
  backupIds: number[],
  settings: ActivationSettings = {},
): Promise<number[]> {
  if (!backupIds.length) return [];
  const done = await database.transaction(async (q) => {
    const r = await q<{ id: number }>(
      `UPDATE backups SET state = 'Active', activated_at = COALESCE(activated_at, now()), retired_at = NULL,
              company_id = COALESCE($3, company_id),
              schedule = CASE WHEN $4::boolean THEN $5::jsonb ELSE schedule END,
              schedule_id = CASE WHEN $4::boolean THEN $6 ELSE schedule_id END,
              day_start_hour = COALESCE($7, day_start_hour),
              status_calculation = COALESCE($8, status_calculation),
              treat_warning_as_success = COALESCE($9, treat_warning_as_success)
        WHERE tenant_id = $1 AND id = ANY($2::int[]) AND state IN ('Inactive', 'Active')
        RETURNING id`,
      [
        tenantId,
        backupIds,
        settings.companyId ?? null,
        settings.schedule !== undefined || settings.scheduleId !== undefined,
        settings.schedule ? JSON.stringify(settings.schedule) : null,
        settings.scheduleId ?? null,
        settings.dayStartHour ?? null,
        settings.statusCalculation ?? null,
        settings.treatWarningAsSuccess ?? null,
      ],
    );
    const ids = r.rows.map((x) => x.id);
    if (settings.tags?.length && ids.length) {
      const pairs = ids.flatMap((id) => settings.tags!.map((tag) => [id, tag] as const));
      await q(
        `INSERT INTO backup_tags (tenant_id, backup_id, tag)
         SELECT $1, x.id, x.tag FROM unnest($2::int[], $3::text[]) AS x(id, tag) ON CONFLICT DO NOTHING`,
        [tenantId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
      );
      // Every tag in use is in the tenant's catalogue (Settings → Tags).
      await q(
        `INSERT INTO tags (tenant_id, value) SELECT $1, t FROM unnest($2::text[]) AS t
         ON CONFLICT (tenant_id, lower(value)) DO NOTHING`,
        [tenantId, settings.tags],
      );
    }
    // Results that arrived while inactive now count: the e-mails stop showing as Inactive.
    if (ids.length) {
      await q(
        `UPDATE emails e SET state = 'Processed' WHERE e.state = 'Inactive'
            AND EXISTS (SELECT 1 FROM results r WHERE r.email_id = e.id AND r.backup_id = ANY($1::int[]))`,
        [ids],
      );
    }
    return ids;
  });
  await rollup.rerollAll(done);
  return done;
}
