import type { TestApp } from '../../../../test/harness.ts';
import { activate, addCompany, at, backupIds, clock, sendCsv, type CsvRow } from '../../audit/test-data.ts';

/**
 * Test data for the ticketing engine: backups and results through the real intake (CSV
 * e-mails, activation, rollup), profiles and rules as rows the ticketing API would store.
 */

export const { today, day } = clock();

/** 09:00 (or `hour`) on a past day; today, a moment ago (ordered by `hour`), so results never lie ahead. */
export function when(ago: number, hour = 9): Date {
  return ago === 0 ? new Date(Date.now() - (60 - hour) * 1000) : at(day(-ago), hour);
}

/** Sends results `{ device: [[daysAgo, status], …] }` and activates the backups; answers their ids. */
export async function makeBackups(
  t: TestApp,
  tenantId: number,
  results: Record<string, [number, CsvRow['status']][]>,
  job?: (device: string) => string,
): Promise<Record<string, number>> {
  const rows: CsvRow[] = [];
  for (const [device, list] of Object.entries(results))
    for (const [ago, status] of list) rows.push({ device, job: job?.(device), status, at: when(ago) });
  await sendCsv(t, tenantId, rows);
  const all = await backupIds(t, tenantId);
  const mine = Object.fromEntries(Object.keys(results).map((d) => [d, all[d]]));
  const fresh = await t.database.query<{ id: number }>(
    "SELECT id FROM backups WHERE id = ANY($1::int[]) AND state <> 'Active'",
    [Object.values(mine)],
  );
  if (fresh.rows.length)
    await activate(
      t,
      tenantId,
      fresh.rows.map((r) => r.id),
    );
  return mine;
}

/** Adds results to existing backups (the rollup re-rolls them). */
export async function addResults(
  t: TestApp,
  tenantId: number,
  results: Record<string, [number, CsvRow['status'], number?][]>,
  job?: (device: string) => string,
): Promise<void> {
  const rows: CsvRow[] = [];
  for (const [device, list] of Object.entries(results))
    for (const [ago, status, hour] of list) rows.push({ device, job: job?.(device), status, at: when(ago, hour) });
  await sendCsv(t, tenantId, rows);
}

export async function company(t: TestApp, tenantId: number, name: string, ids: number[], psaId?: string) {
  const id = await addCompany(t, tenantId, name, ids);
  if (psaId) await t.database.query('UPDATE companies SET type = 0, psa_id = $2 WHERE id = $1', [id, psaId]);
  return id;
}

export interface ProfileRow {
  type: 1 | 2 | 3;
  groupBy: 0 | 1 | 2 | 3;
  settings?: Record<string, unknown>;
  customSubject?: string | null;
  emailSettingsId?: number | null;
  crmIntegrationId?: number | null;
  webhookSecret?: string | null;
}

let profileSeq = 0;
export async function makeProfile(t: TestApp, tenantId: number, p: ProfileRow): Promise<number> {
  const r = await t.database.query<{ id: number }>(
    `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, custom_subject, settings, crm_integration_id,
                                  email_settings_id, webhook_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      tenantId,
      `Profile ${++profileSeq}`,
      p.type,
      p.groupBy,
      p.customSubject ?? null,
      JSON.stringify(p.settings ?? {}),
      p.crmIntegrationId ?? null,
      p.emailSettingsId ?? null,
      p.webhookSecret ?? null,
    ],
  );
  return r.rows[0].id;
}

export interface RuleRow {
  profileId: number;
  statuses?: number[];
  consecutiveDays?: number;
  useFailureThreshold?: boolean;
  companyIds?: number[];
  tags?: string[];
  autoClose?: boolean;
  closeNote?: string | null;
  noteOnContinue?: boolean;
  isEnabled?: boolean;
}

export async function makeRule(t: TestApp, tenantId: number, r: RuleRow): Promise<number> {
  const pos = await t.database.query<{ n: number }>(
    'SELECT COALESCE(max(position), 0) + 1 AS n FROM ticket_rules WHERE tenant_id = $1',
    [tenantId],
  );
  const x = await t.database.query<{ id: number }>(
    `INSERT INTO ticket_rules (tenant_id, name, is_enabled, position, profile_id, statuses, consecutive_days,
                               use_failure_threshold, scope, auto_close, close_note, note_on_continue)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      tenantId,
      `Rule ${pos.rows[0].n}`,
      r.isEnabled ?? true,
      pos.rows[0].n,
      r.profileId,
      JSON.stringify(r.statuses ?? [3]),
      r.consecutiveDays ?? 1,
      r.useFailureThreshold ?? false,
      JSON.stringify({ CompanyIds: r.companyIds ?? [], Tags: r.tags ?? [], Vendors: [] }),
      r.autoClose ?? true,
      r.closeNote ?? null,
      r.noteOnContinue ?? true,
    ],
  );
  return x.rows[0].id;
}

/** Starts a test from no rules, profiles or tickets. */
export async function resetTicketing(t: TestApp, tenantId: number): Promise<void> {
  await t.database.query('DELETE FROM tickets WHERE tenant_id = $1', [tenantId]);
  await t.database.query('DELETE FROM ticket_rules WHERE tenant_id = $1', [tenantId]);
  await t.database.query('DELETE FROM ticket_profiles WHERE tenant_id = $1', [tenantId]);
}

export interface TicketView {
  id: number;
  group_key: string;
  group_label: string;
  subject: string;
  description: string;
  state: string;
  status: number;
  external_id: string | null;
  external_number: string | null;
  last_error: string | null;
  backups: number[];
}

export async function ticketsOf(t: TestApp, tenantId: number): Promise<TicketView[]> {
  const r = await t.database.query<TicketView>(
    `SELECT t.id, t.group_key, t.group_label, t.subject, t.description, t.state, t.status, t.external_id,
            t.external_number, t.last_error,
            COALESCE((SELECT array_agg(backup_id ORDER BY backup_id) FROM ticket_backups
                       WHERE ticket_id = t.id AND unlinked_at IS NULL), '{}') AS backups
       FROM tickets t WHERE t.tenant_id = $1 ORDER BY t.id`,
    [tenantId],
  );
  return r.rows;
}

export async function outboxOf(t: TestApp, ticketId: number) {
  const r = await t.database.query<{
    id: number;
    action: string;
    dedupe: string;
    state: string;
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
    payload: { text: string; subject?: string };
  }>(
    `SELECT id, action, dedupe, state, attempts, next_attempt_at, last_error, payload FROM ticket_outbox
      WHERE ticket_id = $1 ORDER BY id`,
    [ticketId],
  );
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}
