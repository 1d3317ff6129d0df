import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { backups, tenants } from '../../db/schema/index.ts';

/**
 * A company's protection summary as pushed to IT Glue: its active backups, how many succeeded,
 * warned, failed or had no result on their last audited day, each one's last good backup (in the
 * tenant's time zone) and a link back to the company's Audit.
 */

export interface BackupLine {
  device: string;
  job: string;
  status: number;
  lastGood: string | null;
}

export interface ProtectionSummary {
  backups: number;
  succeeded: number;
  warned: number;
  failed: number;
  noResult: number;
  lines: BackupLine[];
  auditUrl: string;
}

/** A time as the tenant reads it: `2026-11-27 22:10` in its zone. */
export function tenantTime(at: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return tenantTime(at, 'UTC');
  }
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

export async function tenantZone(deps: Deps, tenantId: number): Promise<string> {
  const [row] = await deps.database.db.select({ tz: tenants.timeZoneId }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.tz ?? 'UTC';
}

export async function protectionSummary(
  deps: Deps,
  tenantId: number,
  companyId: number,
  timeZone: string,
): Promise<ProtectionSummary> {
  const rows = await deps.database.db
    .select({
      device: backups.deviceName,
      job: backups.jobName,
      status: backups.currentStatus,
      lastSuccessAt: backups.lastSuccessAt,
    })
    .from(backups)
    .where(and(eq(backups.tenantId, tenantId), eq(backups.companyId, companyId), eq(backups.state, 'Active')))
    .orderBy(sql`lower(${backups.deviceName})`, backups.jobName);
  const count = (...s: number[]) => rows.filter((r) => s.includes(r.status)).length;
  return {
    backups: rows.length,
    succeeded: count(1),
    warned: count(2),
    failed: count(3),
    noResult: count(4, 6),
    lines: rows.map((r) => ({
      device: r.device,
      job: r.job,
      status: r.status,
      lastGood: r.lastSuccessAt ? tenantTime(r.lastSuccessAt, timeZone) : null,
    })),
    auditUrl: `${deps.config.publicUrl}/app/audit?companyId=${companyId}`,
  };
}

const STATUS = ['Not scheduled', 'Success', 'Warning', 'Failure', 'No Result', 'Pending', 'No Result'];

export const lineText = (l: BackupLine) =>
  `${l.device} / ${l.job}: ${STATUS[l.status] ?? 'Unknown'}, last good backup ${l.lastGood ?? 'never'}`;

/** The flexible asset's traits, limited to the fields the chosen type has. */
export function traitsOf(
  companyName: string,
  s: ProtectionSummary,
  pushedAt: string,
  fieldKeys: string[],
): Record<string, string | number> {
  const all: Record<string, string | number> = {
    name: `${companyName} backups`,
    backups: s.backups,
    succeeded: s.succeeded,
    warned: s.warned,
    failed: s.failed,
    'no-result': s.noResult,
    'last-good-backups': s.lines.map(lineText).join('\n') || 'No active backups',
    'vigil-audit': s.auditUrl,
    'last-push': pushedAt,
  };
  return Object.fromEntries(Object.entries(all).filter(([k]) => fieldKeys.includes(k)));
}

const START = '<!-- vigil:start -->';
const END = '<!-- vigil:end -->';

/** A configuration's notes with Vigil's block for its backups written in place (the rest kept). */
export function notesWith(
  existing: string | null | undefined,
  lines: BackupLine[],
  auditUrl: string,
  pushedAt: string,
) {
  const block = [START, `Vigil backups (updated ${pushedAt}):`, ...lines.map(lineText), `Audit: ${auditUrl}`, END].join(
    '\n',
  );
  const notes = existing ?? '';
  const a = notes.indexOf(START);
  const b = notes.indexOf(END);
  if (a >= 0 && b > a) return notes.slice(0, a) + block + notes.slice(b + END.length);
  return notes ? `${notes}\n${block}` : block;
}
