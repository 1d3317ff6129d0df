import type { TicketGroupByValue } from '@vigil/contract';
import type { QueryFn } from '../../../db/client.ts';
import { scopeOf, type RuleScope } from '../rule-match.ts';

/** How many recent days are read per backup: enough for the longest streak a rule can ask for. */
export const HISTORY_DAYS = 45;

export interface EngineProfile {
  id: number;
  name: string;
  type: 1 | 2 | 3;
  groupBy: TicketGroupByValue;
  customSubject: string | null;
  customDescription: string | null;
  settings: Record<string, unknown>;
}

export interface EngineRule {
  id: number;
  name: string;
  isEnabled: boolean;
  position: number;
  scope: RuleScope;
  statuses: number[];
  consecutiveDays: number;
  useFailureThreshold: boolean;
  autoClose: boolean;
  closeNote: string | null;
  noteOnContinue: boolean;
  profile: EngineProfile;
}

export interface EngineBackup {
  id: number;
  companyId: number | null;
  companyName: string | null;
  vendor: string;
  deviceName: string;
  jobName: string;
  tags: string[];
  failureThreshold: number;
  /** Latest first; not-scheduled and Pending days left out. */
  days: { day: string; status: number }[];
}

export interface LiveTicket {
  id: number;
  ruleId: number | null;
  groupKey: string;
  kind: number;
  state: 'Pending' | 'Open';
  externalId: string | null;
  lastNotedDay: string | null;
  backupIds: number[];
}

export async function loadRules(q: QueryFn, tenantId: number): Promise<EngineRule[]> {
  const r = await q<{
    id: number;
    name: string;
    is_enabled: boolean;
    position: number;
    scope: unknown;
    statuses: number[];
    consecutive_days: number;
    use_failure_threshold: boolean;
    auto_close: boolean;
    close_note: string | null;
    note_on_continue: boolean;
    p_id: number;
    p_name: string;
    p_type: number;
    p_group_by: number;
    p_subject: string | null;
    p_description: string | null;
    p_settings: Record<string, unknown> | null;
  }>(
    `SELECT r.id, r.name, r.is_enabled, r.position, r.scope, r.statuses, r.consecutive_days, r.use_failure_threshold,
            r.auto_close, r.close_note, r.note_on_continue, p.id AS p_id, p.name AS p_name, p.type AS p_type,
            p.group_by AS p_group_by, p.custom_subject AS p_subject, p.custom_description AS p_description,
            p.settings AS p_settings
       FROM ticket_rules r JOIN ticket_profiles p ON p.id = r.profile_id
      WHERE r.tenant_id = $1 ORDER BY r.position, r.id`,
    [tenantId],
  );
  return r.rows.map((x) => ({
    id: x.id,
    name: x.name,
    isEnabled: x.is_enabled,
    position: x.position,
    scope: scopeOf(x.scope),
    statuses: Array.isArray(x.statuses) ? x.statuses : [],
    consecutiveDays: Math.max(1, x.consecutive_days),
    useFailureThreshold: x.use_failure_threshold,
    autoClose: x.auto_close,
    closeNote: x.close_note,
    noteOnContinue: x.note_on_continue,
    profile: {
      id: x.p_id,
      name: x.p_name,
      type: x.p_type as 1 | 2 | 3,
      groupBy: x.p_group_by as TicketGroupByValue,
      customSubject: x.p_subject,
      customDescription: x.p_description,
      settings: x.p_settings ?? {},
    },
  }));
}

/** Active backups that may raise tickets now (paused ones are left out), with their recent days. */
export async function loadBackups(q: QueryFn, tenantId: number, now: Date): Promise<EngineBackup[]> {
  const r = await q<{
    id: number;
    company_id: number | null;
    company_name: string | null;
    vendor: string;
    device_name: string;
    job_name: string;
    failure_threshold: number;
    tags: string[] | null;
  }>(
    `SELECT b.id, b.company_id, c.name AS company_name, b.vendor, b.device_name, b.job_name, b.failure_threshold,
            (SELECT array_agg(t.tag ORDER BY t.tag) FROM backup_tags t WHERE t.backup_id = b.id) AS tags
       FROM backups b LEFT JOIN companies c ON c.id = b.company_id
      WHERE b.tenant_id = $1 AND b.state = 'Active' AND (b.paused_until IS NULL OR b.paused_until <= $2)
      ORDER BY b.id`,
    [tenantId, now],
  );
  if (!r.rows.length) return [];
  const days = await q<{ backup_id: number; day: string; status: number }>(
    `SELECT d.backup_id, d.day::text AS day, d.status FROM backup_days d
      WHERE d.tenant_id = $1 AND d.backup_id = ANY($2::int[]) AND d.status NOT IN (0, 5)
        AND d.day >= $3::date
      ORDER BY d.backup_id, d.day DESC`,
    // A day of margin either side of UTC for the backups' own time zones.
    [
      tenantId,
      r.rows.map((b) => b.id),
      new Date(now.getTime() - (HISTORY_DAYS + 1) * 86_400_000).toISOString().slice(0, 10),
    ],
  );
  const byBackup = new Map<number, { day: string; status: number }[]>();
  for (const d of days.rows) {
    const list = byBackup.get(d.backup_id) ?? [];
    list.push({ day: d.day, status: d.status });
    byBackup.set(d.backup_id, list);
  }
  return r.rows.map((b) => ({
    id: b.id,
    companyId: b.company_id,
    companyName: b.company_name,
    vendor: b.vendor,
    deviceName: b.device_name,
    jobName: b.job_name,
    tags: b.tags ?? [],
    failureThreshold: Math.max(1, b.failure_threshold),
    days: byBackup.get(b.id) ?? [],
  }));
}

/** The tenant's live rule tickets with the backups still linked to them. */
export async function loadLiveTickets(q: QueryFn, tenantId: number): Promise<LiveTicket[]> {
  const r = await q<{
    id: number;
    rule_id: number | null;
    group_key: string;
    kind: number;
    state: 'Pending' | 'Open';
    external_id: string | null;
    last_noted_day: string | null;
    backup_ids: number[] | null;
  }>(
    `SELECT t.id, t.rule_id, t.group_key, t.kind, t.state, t.external_id, t.last_noted_day,
            (SELECT array_agg(tb.backup_id ORDER BY tb.backup_id) FROM ticket_backups tb
              WHERE tb.ticket_id = t.id AND tb.unlinked_at IS NULL) AS backup_ids
       FROM tickets t
      WHERE t.tenant_id = $1 AND t.state IN ('Pending', 'Open') AND NOT t.manual AND t.rule_id IS NOT NULL`,
    [tenantId],
  );
  return r.rows.map((t) => ({
    id: t.id,
    ruleId: t.rule_id,
    groupKey: t.group_key,
    kind: t.kind,
    state: t.state,
    externalId: t.external_id,
    lastNotedDay: t.last_noted_day,
    backupIds: t.backup_ids ?? [],
  }));
}

/**
 * Per group key, the last day an ended ticket (closed, unlinked, failed) covered: a new ticket
 * for the same group opens only when the problem is seen on a later day, so closing a ticket
 * by hand is not undone a minute later by the next evaluation.
 */
export async function loadEndedDays(q: QueryFn, tenantId: number): Promise<Map<string, string>> {
  const r = await q<{ group_key: string; day: string | null }>(
    `SELECT group_key, max(last_noted_day) AS day FROM tickets
      WHERE tenant_id = $1 AND NOT manual AND state NOT IN ('Pending', 'Open') AND last_noted_day IS NOT NULL
        AND updated_at > now() - interval '60 days'
      GROUP BY group_key`,
    [tenantId],
  );
  return new Map(r.rows.filter((x) => x.day).map((x) => [x.group_key, x.day!]));
}

/** The newest failure text of each backup, for ticket bodies. */
export async function loadFailureTexts(q: QueryFn, backupIds: number[]): Promise<Map<number, string>> {
  if (!backupIds.length) return new Map();
  const r = await q<{ backup_id: number; failure_text: string }>(
    `SELECT DISTINCT ON (backup_id) backup_id, failure_text FROM results
      WHERE backup_id = ANY($1::int[]) AND failure_text IS NOT NULL AND failure_text <> '' AND status <> 1
      ORDER BY backup_id, filed_at DESC`,
    [backupIds],
  );
  return new Map(r.rows.map((x) => [x.backup_id, x.failure_text]));
}

export async function tenantTimeZone(q: QueryFn, tenantId: number): Promise<string> {
  const r = await q<{ tz: string }>('SELECT time_zone_id AS tz FROM tenants WHERE id = $1', [tenantId]);
  return r.rows[0]?.tz || 'UTC';
}
