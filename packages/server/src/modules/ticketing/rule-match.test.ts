import { describe, expect, it } from 'vitest';
import { handlingRule, ruleCovers, scopeOf, type OrderedRule, type RuleScope } from './rule-match.ts';

/** Which rule handles a backup: scopes and order. */
const scope = (s: Partial<RuleScope> = {}): RuleScope => ({ CompanyIds: [], Tags: [], Vendors: [], ...s });
const backup = { companyId: 7, vendor: 'veeam', tags: ['Servers', 'Nightly'] };

describe('ruleCovers', () => {
  it.each([
    ['an empty scope', scope(), true],
    ['its company', scope({ CompanyIds: [3, 7] }), true],
    ['another company', scope({ CompanyIds: [3] }), false],
    ['one of its tags, in any case', scope({ Tags: ['SERVERS', 'Offsite'] }), true],
    ['none of its tags', scope({ Tags: ['Offsite'] }), false],
    ['its vendor', scope({ Vendors: ['veeam'] }), true],
    ['another vendor', scope({ Vendors: ['datto'] }), false],
    ['company and tag both matching', scope({ CompanyIds: [7], Tags: ['nightly'] }), true],
    ['company matching but not the tag', scope({ CompanyIds: [7], Tags: ['Offsite'] }), false],
  ])('%s → %s', (_label, s, expected) => {
    expect(ruleCovers(s, backup)).toBe(expected);
  });

  it('never puts a backup without a company in a company list', () => {
    expect(ruleCovers(scope({ CompanyIds: [7] }), { ...backup, companyId: null })).toBe(false);
    expect(ruleCovers(scope(), { ...backup, companyId: null })).toBe(true);
  });
});

describe('handlingRule', () => {
  const rule = (id: number, position: number, isEnabled: boolean, s: Partial<RuleScope> = {}): OrderedRule => ({
    id,
    position,
    isEnabled,
    scope: scope(s),
  });

  it('takes the first enabled covering rule by position, whatever the list order', () => {
    const rules = [rule(1, 3, true), rule(2, 1, false), rule(3, 2, true, { Vendors: ['veeam'] })];
    expect(handlingRule(rules, backup)?.id).toBe(3);
    expect(handlingRule(rules, { ...backup, vendor: 'datto' })?.id).toBe(1);
    expect(handlingRule([rule(2, 1, false)], backup)).toBeNull();
  });

  it('reads stored scopes with missing or odd lists as no limit', () => {
    expect(scopeOf(null)).toEqual(scope());
    expect(scopeOf({ CompanyIds: [1, '2'], Tags: 'x' })).toEqual(scope({ CompanyIds: [1] }));
  });
});
