import type { Database } from '../packages/server/src/db/client.ts';

const VENDORS = ['veeam-br', 'datto-bcdr', 'acronis', 'cove', 'msp360', 'synology-hyper-backup', 'macrium', 'nakivo'];

/**
 * A large tenant for the audit benchmarks, written straight in SQL: companies, active backups
 * (daily or weekday schedules, some with a 6 o'clock start of business), tags, and results
 * for `days` days ending `today` (about 1.15 a backup a day, 3 % of days missed, 8 % failures,
 * 6 % warnings, some backups failing for weeks). The rollup is left to the caller.
 */
export async function generateAuditTenant(
  database: Database,
  tenantId: number,
  today: string,
  size: { backups: number; days: number; companies: number },
): Promise<void> {
  const { backups: backupCount, days: dayCount, companies: companyCount } = size;
  await database.query(
    `INSERT INTO companies (tenant_id, name) SELECT $1, 'Company ' || lpad(g::text, 3, '0') FROM generate_series(1, $2) g`,
    [tenantId, companyCount],
  );
  await database.query(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, state, activated_at, company_id, schedule,
       day_start_hour, sender_address)
     SELECT $1, ($3::text[])[1 + g % array_length($3::text[], 1)], 'SRV-' || lpad(g::text, 5, '0'),
            'Job ' || (g % 7 + 1), 'Active', now(),
            (SELECT id FROM companies c WHERE c.tenant_id = $1 ORDER BY id OFFSET (g % $4) LIMIT 1),
            CASE WHEN g % 5 = 0 THEN '{"kind":"weekly","weekdays":62}'::jsonb ELSE '{"kind":"weekly","weekdays":127}'::jsonb END,
            CASE WHEN g % 4 = 0 THEN 6 ELSE 0 END, 'backup@company.test'
       FROM generate_series(1, $2) g`,
    [tenantId, backupCount, VENDORS, companyCount],
  );
  await database.query(
    `INSERT INTO backup_tags (tenant_id, backup_id, tag)
     SELECT $1, id, CASE WHEN id % 3 = 0 THEN 'servers' WHEN id % 3 = 1 THEN 'workstations' ELSE 'cloud' END
       FROM backups WHERE tenant_id = $1`,
    [tenantId],
  );
  // Results in slices of backups so no statement grows too large: about 1.15 a day each, 3 %
  // of days missed, 8 % failures and 6 % warnings, some backups failing for weeks.
  const ids = (
    await database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id', [tenantId])
  ).rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 250) {
    await database.query(
      `INSERT INTO results (tenant_id, backup_id, ordinal, status, filed_at, start_time, result_kind, source)
       SELECT $1::int, b, 0, s.status, s.at, s.at, 'Primary Backup', 'api'
         FROM unnest($2::int[]) AS b, generate_series(0, $4 - 1) AS d,
              LATERAL (SELECT CASE WHEN (b * 31 + d) % 97 < 8 OR (b % 50 = 0 AND d > $4 - 20) THEN 3
                                   WHEN (b * 17 + d) % 89 < 5 THEN 2 ELSE 1 END AS status,
                              ($3::date - d) + make_interval(hours => 18 + (b % 6), mins => (b * 7 + d) % 60) AS at) s
        WHERE (b * 13 + d) % 33 <> 0 AND NOT (b % 97 = 0 AND d < 10)
       UNION ALL
       SELECT $1::int, b, 0, 1, ($3::date - d) + interval '12 hours', ($3::date - d) + interval '12 hours', 'Primary Backup', 'api'
         FROM unnest($2::int[]) AS b, generate_series(0, $4 - 1) AS d WHERE (b + d) % 6 = 0`,
      [tenantId, ids.slice(i, i + 250), today, dayCount],
    );
  }
}
