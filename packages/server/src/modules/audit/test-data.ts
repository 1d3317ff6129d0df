import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ScheduleRule } from '@vigil/contract';
import { activateBackups, type ActivationSettings } from '../../rollup/activation.ts';
import { tenants } from '../../db/schema/index.ts';
import { addDays, businessDay } from '../../status/index.ts';
import type { TestApp } from '../../../test/harness.ts';

/**
 * Test data for the audit API, made the way production makes it: backup e-mails in the
 * product's generic CSV format go through the intake (accept → parse → file), then backups
 * are activated with a schedule, which rolls their history up. Times are relative to the
 * real clock, so tests hold on any day.
 */

export interface CsvRow {
  device: string;
  job?: string;
  status: 'Success' | 'Warning' | 'Failed';
  /** When the backup ran. */
  at: Date;
  client?: string;
}

export const EVERY_DAY: ScheduleRule = { kind: 'weekly', weekdays: 127 };

/** Today and the days around it, in UTC (the tests put the tenant on UTC). */
export function clock(now = new Date()) {
  const today = businessDay(now, 'UTC', 0);
  return { today, yesterday: addDays(today, -1), day: (n: number) => addDays(today, n) };
}

/** An instant on a UTC day: `at('2026-11-20', 10)` is 10:00 UTC that day. */
export function at(day: string, hour: number, minute = 0): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
}

/** Sunday 1 … Saturday 64: the weekday flag of a day. */
export function weekdayFlag(day: string): number {
  return 1 << new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** A CSV time: bare (read in the tenant's zone) or, with `zoned`, marked UTC. */
function stamp(d: Date, zoned: boolean): string {
  return d.toISOString().slice(0, 19).replace('T', ' ') + (zoned ? 'Z' : '');
}

/** A raw e-mail carrying a backup status CSV; `zoned` writes its times with their zone (UTC). */
export function csvEmail(
  rows: CsvRow[],
  subject = 'Backup Report CSV - nightly',
  opts: { zoned?: boolean } = {},
): Buffer {
  const csv = [
    'Device,Job,Status,Backup Date,Client',
    ...rows.map((r) => [r.device, r.job ?? r.device, r.status, stamp(r.at, !!opts.zoned), r.client ?? ''].join(',')),
  ].join('\n');
  const boundary = `==b${randomBytes(4).toString('hex')}`;
  return Buffer.from(
    [
      'From: Backup Exporter <exports@acme-client.test>',
      'To: acme@inbound.localhost',
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomBytes(8).toString('hex')}@acme-client.test>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'Backup status export attached.',
      `--${boundary}`,
      'Content-Type: text/csv; name="status.csv"',
      'Content-Disposition: attachment; filename="status.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(csv).toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

export async function homeTenantId(t: TestApp, slug = 'acme'): Promise<number> {
  const [row] = await t.database.db.select().from(tenants).where(eq(tenants.slug, slug));
  return row.id;
}

export async function setTimeZone(t: TestApp, tenantId: number, timeZone: string): Promise<void> {
  await t.database.query('UPDATE tenants SET time_zone_id = $2 WHERE id = $1', [tenantId, timeZone]);
}

/** Sends one CSV e-mail to a tenant through the intake; answers the e-mail's id once it is filed. */
export async function sendCsv(t: TestApp, tenantId: number, rows: CsvRow[], subject?: string): Promise<number> {
  const slug = (await t.database.query<{ slug: string }>('SELECT slug FROM tenants WHERE id = $1', [tenantId])).rows[0]
    .slug;
  const [accepted] = await t.deps.ingest.accept({
    raw: csvEmail(rows, subject),
    envelopeFrom: 'exports@acme-client.test',
    recipients: [{ tenantId, address: `${slug}@inbound.localhost`, plusTag: null }],
    source: 'smtp',
  });
  return accepted.emailId;
}

/** The backup ids of a tenant by device name (generic CSV backups). */
export async function backupIds(t: TestApp, tenantId: number): Promise<Record<string, number>> {
  const r = await t.database.query<{ id: number; device_name: string }>(
    'SELECT id, device_name FROM backups WHERE tenant_id = $1',
    [tenantId],
  );
  return Object.fromEntries(r.rows.map((b) => [b.device_name, b.id]));
}

export async function activate(
  t: TestApp,
  tenantId: number,
  ids: number[],
  settings: ActivationSettings = { schedule: EVERY_DAY },
): Promise<number[]> {
  return activateBackups(t.database, t.deps.rollup, tenantId, ids, settings);
}

export async function addCompany(t: TestApp, tenantId: number, name: string, backupIdsOf: number[]): Promise<number> {
  const r = await t.database.query<{ id: number }>(
    'INSERT INTO companies (tenant_id, name) VALUES ($1, $2) RETURNING id',
    [tenantId, name],
  );
  const id = r.rows[0].id;
  await t.database.query('UPDATE backups SET company_id = $1 WHERE tenant_id = $2 AND id = ANY($3::int[])', [
    id,
    tenantId,
    backupIdsOf,
  ]);
  return id;
}
