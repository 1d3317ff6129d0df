import { describe, expect, it } from 'vitest';
import { RowSeverity } from '@vigil/contract';
import { auditRowSeverity, dayResultsText, dayStatusReason, drillDownSource } from './auditGridView';

const day = (Status: number, s: number, w: number, f: number) => ({
  Status: Status as 0,
  CountSuccess: s,
  CountWarning: w,
  CountFailure: f,
  IsScheduled: true,
});

describe('Audit row tint', () => {
  it('tints a Failure as an error and a Warning as a warning, nothing else', () => {
    expect(auditRowSeverity(3)).toBe(RowSeverity.Error);
    expect(auditRowSeverity(2)).toBe(RowSeverity.Warning);
    for (const s of [0, 1, 4, 5, 6, null, undefined]) expect(auditRowSeverity(s)).toBe(RowSeverity.None);
  });
});

describe('drill-down source', () => {
  it('names the source the route state gives, else the dashboard', () => {
    expect(drillDownSource({ source: 'Insights' })).toBe('Insights');
    expect(drillDownSource({ selectedFilters: { Status: ['Failure'] } })).toBe('the dashboard');
    expect(drillDownSource({ source: '  ' })).toBe('the dashboard');
    expect(drillDownSource(null)).toBe('the dashboard');
  });
});

describe('why a day has its status', () => {
  it('says mixed results make a Warning under "Warning if mixed"', () => {
    expect(dayStatusReason(day(2, 1, 0, 1), 'WarningIfMixed')).toBe(
      'Warning — mixed results that day (Warning if mixed)',
    );
    // Without the rule the counts still tell it.
    expect(dayStatusReason(day(2, 1, 0, 1))).toBe('Warning — mixed results that day');
    expect(dayStatusReason(day(2, 1, 1, 0), 'WarningIfMixed')).toBe(
      'Warning — a result that day had warnings (Warning if mixed)',
    );
  });

  it('names the rule that picked one result out of several', () => {
    expect(dayStatusReason(day(3, 1, 0, 1), 'Last')).toBe('Failure — the last result of the day (Last result)');
    expect(dayStatusReason(day(3, 1, 0, 1), 'Worst')).toBe('Failure — the worst result of the day (Worst result)');
    expect(dayStatusReason(day(1, 1, 0, 1), 'Best')).toBe('Success — the best result of the day (Best result)');
    expect(dayStatusReason(day(1, 1, 1, 0), 'WarningIfMixed', true)).toBe(
      'Success — from 2 results that day (Warning if mixed, warnings count as success)',
    );
  });

  it('explains single results and days without results', () => {
    expect(dayStatusReason(day(3, 0, 0, 1), 'WarningIfMixed')).toBe(
      "Failure — the day's only result (Warning if mixed)",
    );
    expect(dayStatusReason(day(3, 0, 0, 2))).toBe('Failure — every result that day was Failure');
    expect(dayStatusReason(day(4, 0, 0, 0))).toBe('No Result — scheduled, but no result arrived');
    expect(dayStatusReason(day(0, 0, 0, 0))).toBe('Not scheduled — no results that day');
    expect(dayStatusReason(day(5, 0, 0, 0))).toBe('Pending — the day is not over yet');
  });

  it('counts the results of the day', () => {
    expect(dayResultsText(day(2, 1, 0, 1))).toBe('2 results: 1 Success · 1 Failure');
    expect(dayResultsText(day(1, 1, 0, 0))).toBe('1 result: 1 Success');
    expect(dayResultsText(day(4, 0, 0, 0))).toBeNull();
  });
});
