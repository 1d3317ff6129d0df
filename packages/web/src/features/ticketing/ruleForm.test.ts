import { describe, expect, it } from 'vitest';
import { conditionText, dropTarget, moveTarget, newRule, scopeText, validateRule } from './ruleForm';

describe('moveTarget', () => {
  const ids = [10, 20, 30, 40];
  it('moves up after the rule two places above, or first', () => {
    expect(moveTarget(ids, 30, -1)).toBe(10);
    expect(moveTarget(ids, 20, -1)).toBeNull();
  });
  it('moves down after the next rule', () => {
    expect(moveTarget(ids, 20, 1)).toBe(30);
    expect(moveTarget(ids, 30, 1)).toBe(40);
  });
  it('cannot move past either end', () => {
    expect(moveTarget(ids, 10, -1)).toBeUndefined();
    expect(moveTarget(ids, 40, 1)).toBeUndefined();
  });
});

describe('dropTarget', () => {
  const ids = [10, 20, 30, 40];
  it('dropping down lands after the target, dropping up before it', () => {
    expect(dropTarget(ids, 10, 30)).toBe(30);
    expect(dropTarget(ids, 40, 20)).toBe(10);
    expect(dropTarget(ids, 30, 10)).toBeNull();
    expect(dropTarget(ids, 20, 20)).toBeUndefined();
  });
});

describe('rule texts and validation', () => {
  it('says the condition and scope in words', () => {
    expect(conditionText({ Statuses: [3, 4], ConsecutiveDays: 2, UseFailureThreshold: false })).toBe(
      'Failure or No Result for 2 days in a row',
    );
    expect(conditionText({ Statuses: [2], ConsecutiveDays: 1, UseFailureThreshold: true })).toBe(
      "Warning beyond the backup's failure threshold",
    );
    expect(scopeText({ CompanyIds: [], Tags: [], Vendors: [] })).toBe('All backups');
    expect(scopeText({ CompanyIds: [1], Tags: ['Servers'], Vendors: [] })).toBe('1 company · tags Servers');
  });
  it('requires a name, a profile and a status, and 1–30 days', () => {
    const e = validateRule({ ...newRule(null), Statuses: [], ConsecutiveDays: 0 });
    expect(Object.keys(e).sort()).toEqual(['ConsecutiveDays', 'Name', 'ProfileId', 'Statuses']);
    expect(validateRule({ ...newRule(4), Name: 'Failures' })).toEqual({});
  });
});

describe('rule scope filters (features §5.4)', () => {
  it('asks for one item in specific mode and refuses an item both chosen and excluded', () => {
    const base = newRule(1);
    expect(validateRule({ ...base, Name: 'R', CompanyMode: 'specific' }).CompanyIds).toBe(
      'Please select at least one company',
    );
    expect(validateRule({ ...base, Name: 'R', Tags: ['Gold'], ExcludeTags: ['gold'] }).ExcludeTags).toBe(
      'Filters must be unique. Please remove any duplicates.',
    );
    expect(validateRule({ ...base, Name: 'R', ExcludeVendors: ['veeam'] })).toEqual({});
  });

  it('says the exclusions in the scope sentence', () => {
    expect(scopeText({ CompanyIds: [], Tags: [], Vendors: [], ExcludeCompanyIds: [4, 5], ExcludeTags: ['Lab'] })).toBe(
      'All backups except 2 companies · tags Lab',
    );
  });
});
