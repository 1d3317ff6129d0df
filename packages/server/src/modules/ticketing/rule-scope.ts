import { modeFilterErrors, type TicketRule, type TicketRuleInput } from '@vigil/contract';
import type { FieldError } from './profile-payload.ts';
import { scopeFilters, type RuleScope } from './rule-match.ts';

const unique = <T>(xs: readonly T[]) => [...new Set(xs)];
const texts = (xs: readonly string[] | undefined) => unique((xs ?? []).map((x) => x.trim()).filter(Boolean));

/** A rule's scope as stored: the three lists, and modes and exclusions only where given. */
export function scopeOfInput(input: TicketRuleInput): RuleScope {
  const scope: RuleScope = {
    CompanyIds: unique(input.CompanyIds),
    Tags: texts(input.Tags),
    Vendors: texts(input.Vendors),
  };
  if (input.CompanyMode) scope.CompanyMode = input.CompanyMode;
  if (input.TagMode) scope.TagMode = input.TagMode;
  if (input.VendorMode) scope.VendorMode = input.VendorMode;
  if (input.ExcludeCompanyIds?.length) scope.ExcludeCompanyIds = unique(input.ExcludeCompanyIds);
  if (texts(input.ExcludeTags).length) scope.ExcludeTags = texts(input.ExcludeTags);
  if (texts(input.ExcludeVendors).length) scope.ExcludeVendors = texts(input.ExcludeVendors);
  return scope;
}

/** Features §5.4 on the three filters of a rule, by the contract's one check. */
export function scopeErrors(input: TicketRuleInput): FieldError[] {
  const f = scopeFilters(scopeOfInput(input));
  const out: FieldError[] = [];
  const add = (errors: ReturnType<typeof modeFilterErrors>, include: string, exclude: string) => {
    for (const e of errors) out.push({ Field: e.Field === 'Include' ? include : exclude, Message: e.Message });
  };
  add(modeFilterErrors(f.company, 'company'), 'CompanyIds', 'ExcludeCompanyIds');
  add(modeFilterErrors(f.tag, 'tag'), 'Tags', 'ExcludeTags');
  add(modeFilterErrors(f.vendor, 'vendor'), 'Vendors', 'ExcludeVendors');
  return out;
}

/** The modes and exclusions a rule shows, only those that were set. */
export function scopeExtras(scope: RuleScope): Partial<TicketRule> {
  const out: Partial<TicketRule> = {};
  if (scope.CompanyMode) out.CompanyMode = scope.CompanyMode;
  if (scope.TagMode) out.TagMode = scope.TagMode;
  if (scope.VendorMode) out.VendorMode = scope.VendorMode;
  if (scope.ExcludeCompanyIds) out.ExcludeCompanyIds = scope.ExcludeCompanyIds;
  if (scope.ExcludeTags) out.ExcludeTags = scope.ExcludeTags;
  if (scope.ExcludeVendors) out.ExcludeVendors = scope.ExcludeVendors;
  return out;
}
