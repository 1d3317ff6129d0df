/**
 * Which rule handles a backup. A rule's scope lists companies, tags and backup vendors; an
 * empty list places no limit. A backup is covered when it passes every non-empty list (any
 * company of the list, any tag of the list — tags compare without case — any vendor of the
 * list). Rules are tried in position order and the first enabled one covering a backup
 * handles it, so a backup never gets tickets from two rules at once.
 *
 * The ticketing engine, the rule list's counts and the per-backup views all decide through
 * these two functions.
 */

export interface RuleScope {
  CompanyIds: number[];
  Tags: string[];
  Vendors: string[];
}

/** What of a backup a rule's scope looks at. */
export interface MatchableBackup {
  companyId: number | null;
  vendor: string;
  tags: readonly string[];
}

export interface OrderedRule {
  id: number;
  isEnabled: boolean;
  position: number;
  scope: RuleScope;
}

/** Reads a stored scope, tolerating missing lists (older rows, hand-written JSON). */
export function scopeOf(value: unknown): RuleScope {
  const v = (value ?? {}) as Partial<Record<keyof RuleScope, unknown>>;
  const list = <T>(x: unknown, keep: (y: unknown) => y is T): T[] => (Array.isArray(x) ? x.filter(keep) : []);
  return {
    CompanyIds: list(v.CompanyIds, (y): y is number => typeof y === 'number'),
    Tags: list(v.Tags, (y): y is string => typeof y === 'string'),
    Vendors: list(v.Vendors, (y): y is string => typeof y === 'string'),
  };
}

export function ruleCovers(scope: RuleScope, backup: MatchableBackup): boolean {
  if (scope.CompanyIds.length && (backup.companyId === null || !scope.CompanyIds.includes(backup.companyId)))
    return false;
  if (scope.Vendors.length && !scope.Vendors.includes(backup.vendor)) return false;
  if (scope.Tags.length) {
    const wanted = new Set(scope.Tags.map((t) => t.toLowerCase()));
    if (!backup.tags.some((t) => wanted.has(t.toLowerCase()))) return false;
  }
  return true;
}

/** The first enabled rule (by position, then id) covering the backup, or null. */
export function handlingRule<R extends OrderedRule>(rules: readonly R[], backup: MatchableBackup): R | null {
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  return ordered.find((r) => r.isEnabled && ruleCovers(r.scope, backup)) ?? null;
}
