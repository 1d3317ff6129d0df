import type { ClientHome, ClientHomeFailure } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { addDays } from '../../status/index.ts';
import { tenantClock } from '../audit/common.ts';

/** An unrestricted caller sees every company; the page shows the first ones by name. */
const MAX_COMPANIES = 200;
const FAILURES_PER_COMPANY = 3;
const FAILURE_WINDOW_DAYS = 30;

interface CountRow {
  id: number;
  name: string;
  backups: string | number;
  success: string | number;
  warning: string | number;
  failure: string | number;
  missed: string | number;
}

interface FailureRow {
  company_id: number;
  backup_id: number;
  device_name: string;
  job_name: string;
  day: string;
}

/**
 * The client home: per company the caller may see, its active backups and how many of them
 * succeeded, warned, failed or sent nothing on the tenant's last full business day, with the
 * latest failed days. `visible` is the caller's companies (`null`: every company of the tenant).
 */
export async function clientHome(database: Database, tenantId: number, visible: number[] | null): Promise<ClientHome> {
  const clock = await tenantClock(database, tenantId);
  const day = clock.yesterday;
  if (visible !== null && visible.length === 0) return { Day: day, TimeZoneId: clock.timeZone, Companies: [] };

  const params: unknown[] = [tenantId, day];
  let scope = 'TRUE';
  if (visible !== null) {
    params.push(visible);
    scope = `c.id = ANY($${params.length}::int[])`;
  }
  const counts = await database.query<CountRow>(
    `SELECT c.id, c.name,
            count(b.id) AS backups,
            count(*) FILTER (WHERE d.status = 1) AS success,
            count(*) FILTER (WHERE d.status = 2) AS warning,
            count(*) FILTER (WHERE d.status = 3) AS failure,
            count(*) FILTER (WHERE d.status = 4) AS missed
       FROM companies c
       LEFT JOIN backups b ON b.company_id = c.id AND b.tenant_id = $1 AND b.state = 'Active'
       LEFT JOIN backup_days d ON d.backup_id = b.id AND d.day = $2::date
      WHERE c.tenant_id = $1 AND ${scope}
      GROUP BY c.id, c.name
      ORDER BY lower(c.name), c.id
      LIMIT ${MAX_COMPANIES}`,
    params,
  );
  const ids = counts.rows.map((r) => r.id);
  const failures = new Map<number, ClientHomeFailure[]>();
  if (ids.length) {
    const r = await database.query<FailureRow>(
      `SELECT company_id, backup_id, device_name, job_name, day::text AS day FROM (
         SELECT b.company_id, b.id AS backup_id, b.device_name, b.job_name, d.day,
                row_number() OVER (PARTITION BY b.company_id ORDER BY d.day DESC, b.id) AS n
           FROM backup_days d JOIN backups b ON b.id = d.backup_id
          WHERE d.tenant_id = $1 AND b.tenant_id = $1 AND b.state = 'Active' AND b.company_id = ANY($2::int[])
            AND d.status = 3 AND d.day BETWEEN $3::date AND $4::date
       ) x WHERE n <= ${FAILURES_PER_COMPANY}
       ORDER BY company_id, day DESC, backup_id`,
      [tenantId, ids, addDays(day, 1 - FAILURE_WINDOW_DAYS), day],
    );
    for (const f of r.rows) {
      const list = failures.get(f.company_id) ?? [];
      list.push({ BackupId: f.backup_id, DeviceName: f.device_name, JobName: f.job_name, Day: f.day });
      failures.set(f.company_id, list);
    }
  }
  return {
    Day: day,
    TimeZoneId: clock.timeZone,
    Companies: counts.rows.map((c) => ({
      Id: c.id,
      Name: c.name,
      Backups: Number(c.backups),
      Success: Number(c.success),
      Warning: Number(c.warning),
      Failure: Number(c.failure),
      Missed: Number(c.missed),
      LastFailures: failures.get(c.id) ?? [],
    })),
  };
}
