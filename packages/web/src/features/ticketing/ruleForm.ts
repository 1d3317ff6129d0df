import { modeFilterErrors, type ModeFilter, type TicketRule, type TicketRuleInput } from '@vigil/contract';

/** Statuses a rule can open tickets for (Warning 2, Failure 3, No Result 4). */
export const RULE_STATUSES = [
  { value: 3, label: 'Failure' },
  { value: 2, label: 'Warning' },
  { value: 4, label: 'No Result' },
] as const;

export function newRule(profileId: number | null): TicketRuleInput & { ProfileId: number } {
  return {
    Name: '',
    IsEnabled: true,
    ProfileId: profileId ?? 0,
    Statuses: [3],
    ConsecutiveDays: 1,
    UseFailureThreshold: false,
    CompanyIds: [],
    Tags: [],
    Vendors: [],
    AutoClose: true,
    CloseNote: 'The backup succeeded again; closing.',
    NoteOnContinue: false,
  };
}

export function ruleToInput(r: TicketRule): TicketRuleInput {
  return {
    Name: r.Name,
    IsEnabled: r.IsEnabled,
    ProfileId: r.ProfileId,
    Statuses: [...r.Statuses],
    ConsecutiveDays: r.ConsecutiveDays,
    UseFailureThreshold: r.UseFailureThreshold,
    CompanyIds: [...r.CompanyIds],
    Tags: [...r.Tags],
    Vendors: [...r.Vendors],
    ...scopeModes(r),
    AutoClose: r.AutoClose,
    CloseNote: r.CloseNote,
    NoteOnContinue: r.NoteOnContinue,
  };
}

export function validateRule(r: TicketRuleInput): Partial<Record<keyof TicketRuleInput, string>> {
  const e: Partial<Record<keyof TicketRuleInput, string>> = {};
  if (!r.Name.trim()) e.Name = 'Name is required';
  if (!r.ProfileId) e.ProfileId = 'Profile is required';
  if (!r.Statuses.length) e.Statuses = 'Choose at least one status';
  for (const f of RULE_SCOPE_LISTS)
    for (const err of modeFilterErrors(scopeFilter(r, f), f.entity))
      e[err.Field === 'Include' ? f.include : f.exclude] = err.Message;
  if (
    !r.UseFailureThreshold &&
    !(Number.isInteger(r.ConsecutiveDays) && r.ConsecutiveDays >= 1 && r.ConsecutiveDays <= 30)
  )
    e.ConsecutiveDays = 'Value must be between 1 and 30';
  return e;
}

/** "Failure or Warning for 2 days", the condition in a sentence. */
export function conditionText(
  r: Pick<TicketRuleInput, 'Statuses' | 'ConsecutiveDays' | 'UseFailureThreshold'>,
): string {
  const names = RULE_STATUSES.filter((s) => r.Statuses.includes(s.value)).map((s) => s.label);
  const which = names.length ? names.join(' or ') : 'No status';
  if (r.UseFailureThreshold) return `${which} beyond the backup's failure threshold`;
  return `${which} for ${r.ConsecutiveDays} day${r.ConsecutiveDays === 1 ? '' : 's'} in a row`;
}

/** "All backups", or what the scope narrows to. */
export function scopeText(
  r: Pick<TicketRuleInput, 'CompanyIds' | 'Tags' | 'Vendors' | 'ExcludeCompanyIds' | 'ExcludeTags' | 'ExcludeVendors'>,
): string {
  const parts: string[] = [];
  const companies = (n: number) => `${n} compan${n === 1 ? 'y' : 'ies'}`;
  if (r.CompanyIds.length) parts.push(companies(r.CompanyIds.length));
  if (r.Tags.length) parts.push(`tags ${r.Tags.join(', ')}`);
  if (r.Vendors.length) parts.push(`vendors ${r.Vendors.join(', ')}`);
  const except: string[] = [];
  if (r.ExcludeCompanyIds?.length) except.push(companies(r.ExcludeCompanyIds.length));
  if (r.ExcludeTags?.length) except.push(`tags ${r.ExcludeTags.join(', ')}`);
  if (r.ExcludeVendors?.length) except.push(`vendors ${r.ExcludeVendors.join(', ')}`);
  const base = parts.length ? parts.join(' · ') : 'All backups';
  return except.length ? `${base} except ${except.join(' · ')}` : base;
}

/** The rule that `id` should follow after moving one step up or down; undefined when it cannot move. */
export function moveTarget(ids: readonly number[], id: number, dir: -1 | 1): number | null | undefined {
  const i = ids.indexOf(id);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= ids.length) return undefined;
  const without = ids.filter((x) => x !== id);
  // After moving to index j, it follows the rule now at j - 1 (null: first).
  return j === 0 ? null : without[j - 1];
}

/** Where a dragged rule lands: after the rule before the drop target's slot. */
export function dropTarget(ids: readonly number[], dragged: number, target: number): number | null | undefined {
  if (dragged === target) return undefined;
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0) return undefined;
  const without = ids.filter((x) => x !== dragged);
  const at = without.indexOf(target);
  // Moving down puts it after the target, moving up before it.
  return from < to ? target : at === 0 ? null : without[at - 1];
}

/** The three lists of a rule's scope, each a filter with all / specific mode (features §5.4). */
export const RULE_SCOPE_LISTS = [
  { entity: 'company', mode: 'CompanyMode', include: 'CompanyIds', exclude: 'ExcludeCompanyIds' },
  { entity: 'tag', mode: 'TagMode', include: 'Tags', exclude: 'ExcludeTags' },
  { entity: 'vendor', mode: 'VendorMode', include: 'Vendors', exclude: 'ExcludeVendors' },
] as const;
export type RuleScopeList = (typeof RULE_SCOPE_LISTS)[number];

/** One list of the scope as a mode filter; without a mode, a list with items is "specific". */
export function scopeFilter(r: TicketRuleInput, f: RuleScopeList): ModeFilter<string | number> {
  const include = r[f.include] as readonly (string | number)[];
  return {
    Mode: r[f.mode] ?? (include.length ? 'specific' : 'all'),
    Include: include,
    Exclude: (r[f.exclude] ?? []) as readonly (string | number)[],
  };
}

/** The modes and exclusions a saved rule has, carried into the form. */
function scopeModes(r: TicketRule): Partial<TicketRuleInput> {
  const out: Partial<TicketRuleInput> = {};
  if (r.CompanyMode) out.CompanyMode = r.CompanyMode;
  if (r.TagMode) out.TagMode = r.TagMode;
  if (r.VendorMode) out.VendorMode = r.VendorMode;
  if (r.ExcludeCompanyIds) out.ExcludeCompanyIds = [...r.ExcludeCompanyIds];
  if (r.ExcludeTags) out.ExcludeTags = [...r.ExcludeTags];
  if (r.ExcludeVendors) out.ExcludeVendors = [...r.ExcludeVendors];
  return out;
}
