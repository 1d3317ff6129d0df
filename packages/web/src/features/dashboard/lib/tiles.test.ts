// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TileFilters } from '@vigil/contract';
import { memoryStorage } from '../../../lib/storage';
import {
  alertListPath,
  auditStateFor,
  axisCount,
  chartHasData,
  dayShares,
  drawnStatuses,
  jobsText,
  labelledStatuses,
  moveEntry,
  pickDashboard,
  readCurrentDashboard,
  shareUrl,
  shownPermissions,
} from './tiles';

const filters = (over: Partial<TileFilters> = {}) => ({ ...TileFilters.parse({}), ...over });

describe('tile statuses', () => {
  it('draws the default order unless the tile sets its own, narrowed to the filtered statuses', () => {
    expect(drawnStatuses({ filters: filters(), uiSettings: {} })).toEqual([1, 2, 3, 4, 5]);
    expect(drawnStatuses({ filters: filters({ Status: [4, 1] }), uiSettings: {} })).toEqual([1, 4]);
    expect(drawnStatuses({ filters: filters(), uiSettings: { statusOrder: [3, 1] } })).toEqual([3, 1]);
    expect(drawnStatuses({ filters: filters({ Status: [6, 3] }), uiSettings: {} })).toEqual([3, 6]);
  });

  it('labels Failure and No Result slices unless the tile says otherwise', () => {
    expect(labelledStatuses({ filters: filters() })).toEqual([3, 4]);
    expect(labelledStatuses({ filters: filters({ ShowLabelsForStatuses: [] }) })).toEqual([]);
    expect(labelledStatuses({ filters: filters({ ShowLabelsForStatuses: [1] }) })).toEqual([1]);
  });

  it('turns a histogram day into shares of 100 and an empty day into zeros', () => {
    const row = {
      Date: '2026-11-20',
      PassCount: 6,
      WarningCount: 1,
      FailCount: 2,
      NoEmailCount: 1,
      SuppressedNoResultCount: 0,
      PendingCount: 0,
    };
    const shares = dayShares(row, [1, 2, 3, 4, 5]);
    expect(shares).toEqual([60, 10, 20, 10, 0]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    expect(dayShares({ ...row, PassCount: 0, WarningCount: 0, FailCount: 0, NoEmailCount: 0 }, [1, 3])).toEqual([0, 0]);
    expect(jobsText(1200)).toBe('1,200 jobs');
    expect(jobsText(1)).toBe('1 job');
  });
});

describe('chart clicks to Audit', () => {
  const tile = { filters: filters({ Status: [3, 4], Companies: [7, 9] }), daysWithoutSuccess: 5 };
  const range = { From: '2026-10-24', To: '2026-11-22' };

  it("opens a Count tile's statuses over its whole range", () => {
    const count = { ...tile, type: 'Count' as const };
    expect(auditStateFor(count, { From: '2026-11-16', To: '2026-11-22' })).toEqual({
      dateSelected: '2026-11-22',
      selectedFilters: { Status: [3, 4], Company: [7, 9] },
      daysWithoutSuccess: 5,
      statusDays: 7,
    });
    // One day, or no status filter: the day alone.
    expect(auditStateFor(count, { From: '2026-11-22', To: '2026-11-22' }).statusDays).toBeUndefined();
    const all = { ...count, filters: filters() };
    expect(auditStateFor(all, range).statusDays).toBeUndefined();
    // Other charts open the clicked day.
    expect(auditStateFor(tile, range).statusDays).toBeUndefined();
  });

  it('sends the clicked status and company with the last day of the range', () => {
    expect(auditStateFor(tile, range, { status: 3, companyId: 9 })).toEqual({
      dateSelected: '2026-11-22',
      selectedFilters: { Status: [3], Company: [9] },
      daysWithoutSuccess: 5,
    });
  });

  it("falls back to the tile's own filters and names a company that has no id", () => {
    expect(auditStateFor(tile, range)).toEqual({
      dateSelected: '2026-11-22',
      selectedFilters: { Status: [3, 4], Company: [7, 9] },
      daysWithoutSuccess: 5,
    });
    const none = auditStateFor({ filters: filters(), daysWithoutSuccess: null }, range, {
      status: 4,
      companyId: null,
      companyName: '- No company assigned -',
    });
    expect(none.selectedFilters).toEqual({ Status: [4], Company: ['- No company assigned -'] });
    expect(none.daysWithoutSuccess).toBeNull();
  });
});

describe('current dashboard and permissions', () => {
  it('opens the remembered dashboard while it exists, else the first, else none', () => {
    const list = [{ id: 4 }, { id: 9 }];
    expect(pickDashboard(list, 9)).toEqual({ id: 9 });
    expect(pickDashboard(list, 12)).toEqual({ id: 4 });
    expect(pickDashboard([], 9)).toBeNull();
    const storage = memoryStorage({ a: '9', b: 'x', c: '-3' });
    expect(readCurrentDashboard(storage, 'a')).toBe(9);
    expect(readCurrentDashboard(storage, 'b')).toBeNull();
    expect(readCurrentDashboard(storage, 'c')).toBeNull();
    expect(readCurrentDashboard(null, 'a')).toBeNull();
  });

  it('lists users with access only, highest level first and then by e-mail', () => {
    const p = (userEmail: string, accessType: -1 | 0 | 1 | 2) => ({
      userId: 1,
      userEmail,
      userName: userEmail,
      accessType,
    });
    const shown = shownPermissions([p('zed@x', 0), p('amy@x', -1), p('bob@x', 2), p('al@x', 0), p('cy@x', 1)]);
    expect(shown.map((x) => x.userEmail)).toEqual(['bob@x', 'cy@x', 'al@x', 'zed@x']);
  });
});

describe('threshold rows', () => {
  it('moves a dragged row to the place it is dropped on and ignores drops outside the list', () => {
    expect(moveEntry(['red', 'yellow', 'green'], 0, 2)).toEqual(['yellow', 'green', 'red']);
    expect(moveEntry(['red', 'yellow', 'green'], 2, 0)).toEqual(['green', 'red', 'yellow']);
    expect(moveEntry(['red', 'yellow', 'green'], 1, 5)).toEqual(['red', 'yellow', 'green']);
  });
});

describe('share links', () => {
  it("uses the server's address, made absolute, and otherwise the app's share route", () => {
    const origin = 'https://vigil.example';
    expect(shareUrl({ token: 'abc', url: 'https://vigil.example/dashboard-share?token=abc' }, origin)).toBe(
      'https://vigil.example/dashboard-share?token=abc',
    );
    expect(shareUrl({ token: 'abc', url: '/dashboard-share?token=abc' }, origin)).toBe(
      'https://vigil.example/dashboard-share?token=abc',
    );
    expect(shareUrl({ token: 'a+b/c' }, origin)).toBe('https://vigil.example/public/dashboard-share?token=a%2Bb%2Fc');
  });
});

describe('empty charts and count axes', () => {
  const day = {
    PassCount: 0,
    WarningCount: 0,
    FailCount: 0,
    NoEmailCount: 0,
    SuppressedNoResultCount: 0,
    PendingCount: 0,
  };
  it('says a chart of zeros has no data', () => {
    expect(chartHasData({ kind: 'Histogram', rows: [{ Date: '2026-11-26', ...day }] })).toBe(false);
    expect(chartHasData({ kind: 'Histogram', rows: [{ Date: '2026-11-26', ...day, PendingCount: 1 }] })).toBe(true);
    expect(chartHasData({ kind: 'Bar', items: [{ Title: 'Pending', Status: 5, CompanyId: null, Value: 0 }] })).toBe(
      false,
    );
    expect(chartHasData({ kind: 'Column', items: [] })).toBe(false);
    expect(
      chartHasData({
        kind: 'Column',
        items: [{ Title: 'Contoso', Status: null, CompanyId: 1, Value: 0, ByStatus: { '3': 2 } }],
      }),
    ).toBe(true);
    expect(chartHasData({ kind: 'PieChart', items: [], total: 0 })).toBe(false);
    expect(chartHasData({ kind: 'Count', Count: 0, color: 'default' })).toBe(true);
  });

  it('labels a count axis with whole numbers only', () => {
    expect(axisCount(0)).toBe('0');
    expect(axisCount(1200)).toBe('1,200');
    expect(axisCount(0.5)).toBe('');
    expect(axisCount(0.000001)).toBe('');
  });
});

describe('Alert Radar tile links', () => {
  it("open the alert list on the tile's days and one assessment", () => {
    expect(alertListPath({ From: '2026-11-02', To: '2026-11-03' }, 1)).toBe(
      '/app/alerts-alpha?from=2026-11-02&to=2026-11-03&assessment=1',
    );
  });
});
