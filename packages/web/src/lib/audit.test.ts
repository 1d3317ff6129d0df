// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditHistoryEntry } from '@vigil/contract';
import {
  activeFilterCount,
  auditQuery,
  DAY_STATUS_INFO,
  dayCountsText,
  dayStatusInfo,
  EMPTY_AUDIT_FILTERS,
  fromFiltersDoc,
  historySegments,
  historySummary,
  parseDayStatus,
  percentShares,
  readChartRouteState,
  sameFilters,
  selectedText,
  statusDaysText,
  toFiltersDoc,
  toggleQuickStatus,
  truncate,
  visibleTags,
  type AuditFilterState,
} from './audit';
import { addDays } from './days';

const entry = (Date: string, Status: number, counts: Partial<AuditHistoryEntry> = {}): AuditHistoryEntry => ({
  Date,
  Status,
  CountSuccess: 0,
  CountWarning: 0,
  CountFailure: 0,
  CountNoResult: 0,
  IsScheduled: Status !== 0,
  ...counts,
});

const history = (n: number) => Array.from({ length: n }, (_, i) => entry(addDays('2026-10-01', i), (i % 6) + 1));

describe('history bar segments', () => {
  it.each([1, 3, 6, 7, 14, 29, 30, 31, 60, 90])('%i days sum to exactly 100 percent', (n) => {
    const segs = historySegments(history(n));
    expect(segs).toHaveLength(n);
    const sumHundredths = segs.reduce((a, s) => a + Math.round(s.width * 100), 0);
    expect(sumHundredths).toBe(10_000);
    // Adjacent: every segment starts where the previous one ended, and the last ends at 100.
    segs.forEach((s, i) => {
      if (i > 0) expect(Math.round(s.offset * 100)).toBe(Math.round((segs[i - 1].offset + segs[i - 1].width) * 100));
    });
    const last = segs[segs.length - 1];
    expect(Math.round((last.offset + last.width) * 100)).toBe(10_000);
    // Equal widths, to the hundredth of a percent.
    const widths = segs.map((s) => s.width);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(0.0100001);
  });

  it('rounds 30 days to 3.33 and 3.34, giving the extra hundredths to the latest days', () => {
    const segs = historySegments(history(30));
    expect(segs[0].width).toBe(3.33);
    expect(segs[29].width).toBe(3.34);
    expect(segs.filter((s) => s.width === 3.34)).toHaveLength(10);
    expect(segs[0].offset).toBe(0);
  });

  it('keeps the date and status of each day and reads unknown statuses as not scheduled', () => {
    const segs = historySegments([entry('2026-11-01', 3), entry('2026-11-02', 42)]);
    expect(segs.map((s) => [s.date, s.status])).toEqual([
      ['2026-11-01', 3],
      ['2026-11-02', 0],
    ]);
    expect(historySegments([])).toEqual([]);
  });

  it('shares percentages by largest remainder so they sum to 100', () => {
    expect(percentShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentShares([2, 1])).toEqual([67, 33]);
    expect(percentShares([114, 14, 8, 3]).reduce((a, b) => a + b)).toBe(100);
    expect(percentShares([0, 0])).toEqual([0, 0]);
  });

  it('describes a day and a history for tooltips and screen readers', () => {
    expect(dayCountsText(entry('2026-11-01', 2, { CountSuccess: 2, CountWarning: 1 }))).toBe('2 Success · 1 Warning');
    expect(dayCountsText(entry('2026-11-01', 4, { CountNoResult: 1 }))).toBe('1 No Result');
    expect(dayCountsText(entry('2026-11-01', 0))).toBe('Not scheduled, no results');
    expect(historySummary([entry('a', 1), entry('b', 1), entry('c', 3), entry('d', 0)])).toBe(
      'Last 4 days: 1 Failure, 2 Success, 1 Not scheduled',
    );
  });
});

describe('status labels and colours', () => {
  it('maps every day status to its label and palette colour', () => {
    expect(Object.values(DAY_STATUS_INFO).map((i) => [i.code, i.label, i.colour])).toEqual([
      [0, 'Not scheduled', 'notScheduled'],
      [1, 'Success', 'success'],
      [2, 'Warning', 'warning'],
      [3, 'Failure', 'failure'],
      [4, 'No Result', 'noResult'],
      [5, 'Pending', 'pending'],
      [6, 'Suppressed No Result', 'suppressedNoResult'],
    ]);
    expect(dayStatusInfo(99).label).toBe('Not scheduled');
    expect(dayStatusInfo(null).code).toBe(0);
  });

  it('reads statuses given as numbers or names', () => {
    expect(parseDayStatus(3)).toBe(3);
    expect(parseDayStatus('3')).toBe(3);
    expect(parseDayStatus('Failure')).toBe(3);
    expect(parseDayStatus('No Result')).toBe(4);
    expect(parseDayStatus('noResult')).toBe(4);
    expect(parseDayStatus('suppressed_no_result')).toBe(6);
    expect(parseDayStatus('Unknown')).toBe(0);
    expect(parseDayStatus('Exploded')).toBeNull();
    expect(parseDayStatus(7)).toBeNull();
  });
});

describe('filter serialisation', () => {
  const full: AuditFilterState = {
    companies: [5, 2, 5],
    includeNoCompany: true,
    statuses: [4, 3],
    vendors: ['veeam-br', 'acronis'],
    methods: ['Email'],
    tags: ['servers'],
    daysWithoutSuccess: 3,
    scheduledOnly: true,
    search: '  fs01 ',
  };

  it('stores only what is set, sorted and trimmed', () => {
    expect(toFiltersDoc(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(toFiltersDoc(full)).toEqual({
      Companies: [2, 5],
      IncludeNoCompany: true,
      Statuses: [3, 4],
      Vendors: ['acronis', 'veeam-br'],
      Methods: ['Email'],
      Tags: ['servers'],
      DaysWithoutSuccess: 3,
      FilterScheduled: true,
      Search: 'fs01',
    });
    // Zero days without success is a real filter (no success today), unlike null.
    expect(toFiltersDoc({ ...EMPTY_AUDIT_FILTERS, daysWithoutSuccess: 0 })).toEqual({ DaysWithoutSuccess: 0 });
  });

  it('round-trips through the stored form', () => {
    const back = fromFiltersDoc(JSON.parse(JSON.stringify(toFiltersDoc(full))));
    expect(sameFilters(back, full)).toBe(true);
    expect(back.search).toBe('fs01');
    expect(fromFiltersDoc({})).toEqual(EMPTY_AUDIT_FILTERS);
  });

  it('drops what it cannot read', () => {
    expect(
      fromFiltersDoc({
        Companies: [1, 'x', 2.5],
        Statuses: ['Failure', 9, 1],
        Methods: ['Email', 'Fax'],
        DaysWithoutSuccess: -4,
        Search: 7,
        Tags: ['', 'ok'],
      }),
    ).toEqual({ ...EMPTY_AUDIT_FILTERS, companies: [1], statuses: [1, 3], methods: ['Email'], tags: ['ok'] });
    expect(fromFiltersDoc(null)).toEqual(EMPTY_AUDIT_FILTERS);
  });

  it('counts active filters, companies and "no company" as one', () => {
    expect(activeFilterCount(EMPTY_AUDIT_FILTERS)).toBe(0);
    expect(activeFilterCount(full)).toBe(8);
    expect(activeFilterCount({ ...EMPTY_AUDIT_FILTERS, includeNoCompany: true })).toBe(1);
  });

  it('builds the grid query with date, history, paging and order', () => {
    expect(
      auditQuery(
        { ...EMPTY_AUDIT_FILTERS, statuses: [3] },
        { date: '2026-11-22', historyDays: 30, page: 2, size: 100, orderBy: 'LastSuccess', ascending: false },
      ),
    ).toEqual({
      Statuses: [3],
      Date: '2026-11-22',
      HistoryDays: 30,
      Page: 2,
      Size: 100,
      OrderBy: 'LastSuccess',
      OrderAscending: false,
    });
    expect(auditQuery(EMPTY_AUDIT_FILTERS, { date: '2026-11-22', historyDays: 14, page: 1, size: 50 })).toEqual({
      Date: '2026-11-22',
      HistoryDays: 14,
      Page: 1,
      Size: 50,
    });
  });

  it('toggles a status as a quick filter', () => {
    const f = toggleQuickStatus(EMPTY_AUDIT_FILTERS, 3);
    expect(f.statuses).toEqual([3]);
    expect(toggleQuickStatus(f, 3).statuses).toEqual([]);
    expect(toggleQuickStatus({ ...f, statuses: [3, 4] }, 4).statuses).toEqual([4]);
  });
});

describe('extra backup field filters', () => {
  it('are stored as AdditionalFields, trimmed, empty ones left out, and read back', () => {
    const f: AuditFilterState = {
      ...EMPTY_AUDIT_FILTERS,
      extraFields: [
        { fieldId: 4, value: ' MSA ' },
        { fieldId: 5, value: '  ' },
      ],
    };
    const doc = toFiltersDoc(f);
    expect(doc).toEqual({ AdditionalFields: [{ FieldId: 4, Value: 'MSA' }] });
    expect(fromFiltersDoc(doc).extraFields).toEqual([{ fieldId: 4, value: 'MSA' }]);
    expect(fromFiltersDoc({ AdditionalFields: [{ FieldId: 'x', Value: 1 }] }).extraFields).toBeUndefined();
  });
});

describe('chart route state (features §2.6)', () => {
  it('reads the date, statuses, companies and days without success', () => {
    const byName = (n: string) => (n === 'Acme' ? 12 : n === '- No company assigned -' ? null : undefined);
    const r = readChartRouteState(
      {
        dateSelected: '2026-11-20T00:00:00',
        selectedFilters: { Status: ['Failure', 4], Company: [3, 'Acme', '- No company assigned -', 'Gone'] },
        daysWithoutSuccess: 5,
      },
      byName,
    );
    expect(r?.date).toBe('2026-11-20');
    expect(r?.filters.statuses).toEqual([3, 4]);
    expect(r?.filters.companies).toEqual([3, 12]);
    expect(r?.filters.includeNoCompany).toBe(true);
    expect(r?.filters.daysWithoutSuccess).toBe(5);
  });

  it("carries a Count tile's range into the status filter and the query", () => {
    const r = readChartRouteState({ dateSelected: '2026-11-22', selectedFilters: { Status: [3] }, statusDays: 7 });
    expect(r?.filters).toMatchObject({ statuses: [3], statusDays: 7 });
    const body = auditQuery(r!.filters, { date: '2026-11-22', historyDays: 30, page: 1, size: 50 });
    expect(body).toMatchObject({ Statuses: [3], StatusDays: 7, Date: '2026-11-22' });
    expect(statusDaysText(r!.filters)).toBe('Failure on any of the 7 days up to the selected date');
    expect(fromFiltersDoc(toFiltersDoc(r!.filters)).statusDays).toBe(7);
    // Without statuses the range means nothing and is dropped.
    expect(readChartRouteState({ dateSelected: '2026-11-22', statusDays: 7 })?.filters.statusDays).toBeUndefined();
    expect(toFiltersDoc({ ...EMPTY_AUDIT_FILTERS, statusDays: 7 })).toEqual({});
  });

  it('ignores state that is not from a chart', () => {
    expect(readChartRouteState(null)).toBeNull();
    expect(readChartRouteState({ from: '/x' })).toBeNull();
    const r = readChartRouteState({ dateSelected: 'yesterday-ish' });
    expect(r?.date).toBeNull();
    expect(r?.filters).toEqual(EMPTY_AUDIT_FILTERS);
  });
});

describe('display rules (features §9)', () => {
  it('shows two tags, then "+N more"', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('says how many items are selected, singular for one', () => {
    expect(selectedText(1)).toBe('1 item selected');
    expect(selectedText(3)).toBe('3 items selected');
  });

  it('shortens long text to its limit with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('a   long\nfailure text here', 10)).toBe('a long fa…');
  });
});
