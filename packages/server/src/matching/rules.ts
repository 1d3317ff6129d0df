import type { RuleCondition, RuleField, RuleSet } from '@vigil/contract';

/**
 * Matching rules shared by company assignment rules, templates and backup plans. A rule set
 * matches a backup when every condition of at least one group holds; an empty set matches
 * nothing. Comparisons ignore case and surrounding spaces. The same rules compile to SQL
 * (`rulesSql`) so bulk applies run in the database, and match in memory (`matchesRules`) for
 * one backup at a time; the tests hold both to the same answers.
 */

/** The backup columns a rule field reads (backups aliased `b`). */
export const RULE_COLUMNS: Record<RuleField, string> = {
  BackupType: 'b.backup_type',
  SenderEmail: "COALESCE(b.sender_address, '')",
  JobName: 'b.job_name',
  DeviceName: 'b.device_name',
  BackupMethod: 'b.method',
  Vendor: 'b.vendor',
  ClientId: "COALESCE(b.vendor_client_id, b.client_tag, '')",
};

/** A backup as rules see it. */
export interface RuleSubject {
  backupType: string;
  senderAddress: string | null;
  jobName: string;
  deviceName: string;
  method: string;
  vendor: string;
  vendorClientId?: string | null;
  clientTag?: string | null;
}

function fieldValue(b: RuleSubject, field: RuleField): string {
  switch (field) {
    case 'BackupType':
      return b.backupType;
    case 'SenderEmail':
      return b.senderAddress ?? '';
    case 'JobName':
      return b.jobName;
    case 'DeviceName':
      return b.deviceName;
    case 'BackupMethod':
      return b.method;
    case 'Vendor':
      return b.vendor;
    case 'ClientId':
      return b.vendorClientId ?? b.clientTag ?? '';
  }
}

const norm = (s: string) => s.trim().toLowerCase();

export function conditionHolds(b: RuleSubject, c: RuleCondition): boolean {
  const have = norm(fieldValue(b, c.Field));
  const want = norm(c.Value);
  switch (c.Operator) {
    case 'Equals':
      return have === want;
    case 'NotEquals':
      return have !== want;
    case 'Contains':
      return have.includes(want);
    case 'NotContains':
      return !have.includes(want);
    case 'StartsWith':
      return have.startsWith(want);
    case 'EndsWith':
      return have.endsWith(want);
  }
}

export function matchesRules(b: RuleSubject, rules: RuleSet | null | undefined): boolean {
  if (!rules?.Groups.length) return false;
  return rules.Groups.some((g) => g.Conditions.length > 0 && g.Conditions.every((c) => conditionHolds(b, c)));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The rule set as an SQL condition on backups aliased `b`, pushing its values to `params`.
 * An empty set is FALSE.
 */
export function rulesSql(rules: RuleSet | null | undefined, params: unknown[]): string {
  const groups = (rules?.Groups ?? []).filter((g) => g.Conditions.length);
  if (!groups.length) return 'FALSE';
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const cond = (c: RuleCondition) => {
    const col = `lower(btrim(${RULE_COLUMNS[c.Field]}))`;
    const v = norm(c.Value);
    switch (c.Operator) {
      case 'Equals':
        return `${col} = ${p(v)}`;
      case 'NotEquals':
        return `${col} <> ${p(v)}`;
      case 'Contains':
        return `${col} LIKE ${p(`%${escapeLike(v)}%`)}`;
      case 'NotContains':
        return `${col} NOT LIKE ${p(`%${escapeLike(v)}%`)}`;
      case 'StartsWith':
        return `${col} LIKE ${p(`${escapeLike(v)}%`)}`;
      case 'EndsWith':
        return `${col} LIKE ${p(`%${escapeLike(v)}`)}`;
    }
  };
  return `(${groups.map((g) => `(${g.Conditions.map(cond).join(' AND ')})`).join(' OR ')})`;
}

/** A stored rules document read back; tolerant of rows written before a field existed. */
export function readRules(doc: unknown): RuleSet {
  const groups =
    (doc as { Groups?: unknown; groups?: unknown } | null)?.Groups ?? (doc as { groups?: unknown })?.groups;
  return { Groups: Array.isArray(groups) ? (groups as RuleSet['Groups']) : [] };
}
