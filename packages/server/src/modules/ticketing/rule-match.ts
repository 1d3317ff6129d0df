import { modeFilterPasses, type FilterMode, type ModeFilter } from '@vigil/contract';

/**
 * Which rule handles a backup. A rule's scope lists companies, tags and backup vendors; an
 * empty list places no limit. A backup is covered when it passes every non-empty list (any
 * company of the list, any tag of the list — tags compare without case — any vendor of the
 * list) and has nothing a list excludes (features §5.4 filters). Rules are tried in position order and the first enabled one covering a backup
 * handles it, so a backup never gets tickets from two rules at once.
 *
 * The ticketing engine, the rule list's counts and the per-backup views all decide through
 * these two functions.
 */

export interface RuleScope {
  CompanyIds: number[];
  Tags: string[];
  Vendors: string[];
  /** Features §5.4 modes and exclusions; absent: "specific" when the list has items, else "all". */
  CompanyMode?: FilterMode;
  ExcludeCompanyIds?: number[];
  TagMode?: FilterMode;
  ExcludeTags?: string[];
  VendorMode?: FilterMode;
  ExcludeVendors?: string[];
}

/** A scope's three lists as mode filters (features §5.4). */
export function scopeFilters(scope: RuleScope): {
  company: ModeFilter<number>;
  tag: ModeFilter<string>;
  vendor: ModeFilter<string>;
} {
  const mode = (m: FilterMode | undefined, include: readonly unknown[]): FilterMode =>
    m ?? (include.length ? 'specific' : 'all');
  return {
    company: {
      Mode: mode(scope.CompanyMode, scope.CompanyIds),
      Include: scope.CompanyIds,
      Exclude: scope.ExcludeCompanyIds ?? [],
    },
    tag: { Mode: mode(scope.TagMode, scope.Tags), Include: scope.Tags, Exclude: scope.ExcludeTags ?? [] },
    vendor: {
      Mode: mode(scope.VendorMode, scope.Vendors),
      Include: scope.Vendors,
      Exclude: scope.ExcludeVendors ?? [],
    },
  };
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
  const num = (y: unknown): y is number => typeof y === 'number';
  const str = (y: unknown): y is string => typeof y === 'string';
  const scope: RuleScope = {
    CompanyIds: list(v.CompanyIds, num),
    Tags: list(v.Tags, str),
    Vendors: list(v.Vendors, str),
  };
  const modeOf = (m: unknown) => (m === 'all' || m === 'specific' ? m : undefined);
  if (modeOf(v.CompanyMode)) scope.CompanyMode = modeOf(v.CompanyMode);
  if (modeOf(v.TagMode)) scope.TagMode = modeOf(v.TagMode);
  if (modeOf(v.VendorMode)) scope.VendorMode = modeOf(v.VendorMode);
  if (list(v.ExcludeCompanyIds, num).length) scope.ExcludeCompanyIds = list(v.ExcludeCompanyIds, num);
  if (list(v.ExcludeTags, str).length) scope.ExcludeTags = list(v.ExcludeTags, str);
  if (list(v.ExcludeVendors, str).length) scope.ExcludeVendors = list(v.ExcludeVendors, str);
  return scope;
}

export function ruleCovers(scope: RuleScope, backup: MatchableBackup): boolean {
  const f = scopeFilters(scope);
  if (!modeFilterPasses(f.company, backup.companyId === null ? [] : [backup.companyId])) return false;
  if (!modeFilterPasses(f.vendor, [backup.vendor])) return false;
  return modeFilterPasses(f.tag, backup.tags);
}

/** The first enabled rule (by position, then id) covering the backup, or null. */
export function handlingRule<R extends OrderedRule>(rules: readonly R[], backup: MatchableBackup): R | null {
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  return ordered.find((r) => r.isEnabled && ruleCovers(r.scope, backup)) ?? null;
}
