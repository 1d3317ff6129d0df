// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ReportFilters } from '@vigil/contract';
import { memoryStorage } from '../../lib/storage';
import { formatCell, rangeText, reportFileName, rowCount } from './reportCells';
import {
  DEFAULT_FILTERS,
  FILTERS_KEY,
  RUN_KEY_PREFIX,
  filtersFor,
  filtersProblem,
  generatePath,
  reportPresetRange,
  readRun,
  readScreenFilters,
  storeRun,
  writeScreenFilters,
} from './reportStorage';

const f = { dateFormat: 'MM/DD/yyyy', timeFormat: 'hh:mm A', timeZone: 'America/New_York' };

const busy: ReportFilters = {
  DateRange: { Preset: 'custom', From: '2026-03-01', To: '2026-03-07' },
  Companies: [4, 9],
  IncludeNoCompany: true,
  Statuses: [3, 4],
  Vendors: ['veeam'],
  Tags: ['gold'],
};

describe('report cells', () => {
  it('formats each column type the way the tenant reads it', () => {
    expect(formatCell(1234567.5, 'number', f)).toBe('1,234,567.5');
    expect(formatCell(0, 'number', f)).toBe('0');
    expect(formatCell(97.456, 'percent', f)).toBe('97.5%');
    expect(formatCell(100, 'percent', f)).toBe('100.0%');
    expect(formatCell('2026-03-05', 'date', f)).toBe('03/05/2026');
    expect(formatCell('2026-03-05', 'date', { ...f, dateFormat: 'DD.MM.yyyy' })).toBe('05.03.2026');
    // Datetimes are shown in the tenant's zone: 14:07 UTC is 09:07 in New York.
    expect(formatCell('2026-03-05T14:07:09Z', 'datetime', f)).toBe('03/05/2026 09:07 AM');
    expect(formatCell(3, 'status', f)).toBe('Failure');
    expect(formatCell(1, 'status', f)).toBe('Success');
    expect(formatCell(4, 'status', f)).toBe('No Result');
    expect(formatCell('Acme', 'text', f)).toBe('Acme');
  });

  it('leaves empty cells empty and keeps unexpected values readable', () => {
    expect(formatCell(null, 'number', f)).toBe('');
    expect(formatCell(null, 'datetime', f)).toBe('');
    expect(formatCell('', 'text', f)).toBe('');
    expect(formatCell('n/a', 'percent', f)).toBe('n/a');
    expect(formatCell('not a day', 'date', f)).toBe('not a day');
  });

  it('writes the range and counts rows over sections', () => {
    expect(rangeText({ range: { From: '2026-03-01', To: '2026-03-07' }, dateFormat: 'MM/DD/yyyy' })).toBe(
      '03/01/2026 – 03/07/2026',
    );
    expect(rangeText({ range: { From: '2026-03-01', To: '2026-03-01' }, dateFormat: 'yyyy-MM-DD' })).toBe('2026-03-01');
    expect(rangeText({ range: null, dateFormat: 'MM/DD/yyyy' })).toBeNull();
    const section = (n: number) => ({ title: 's', columns: [], rows: Array.from({ length: n }, () => []) });
    expect(rowCount({ sections: [section(3), section(0), section(4)] })).toBe(7);
  });
});

describe('report file names', () => {
  it('names a file by title and range, safe for file systems', () => {
    const doc = {
      title: 'Failures and No Results',
      range: { From: '2026-03-01', To: '2026-03-07' },
      generatedAt: '2026-03-08T03:30:00Z',
      timeZone: 'America/New_York',
    };
    expect(reportFileName(doc, 'pdf')).toBe('Failures and No Results 2026-03-01–2026-03-07.pdf');
    expect(reportFileName(doc, 'excel')).toBe('Failures and No Results 2026-03-01–2026-03-07.xlsx');
    // No range: the day it was generated, in the tenant's zone (still the 7th in New York).
    expect(reportFileName({ ...doc, range: null }, 'csv')).toBe('Failures and No Results 2026-03-07.csv');
    expect(reportFileName({ ...doc, title: 'A/B: "x"?', range: null }, 'html')).toBe('A-B- -x- 2026-03-07.html');
  });
});

describe('report filters and storage keys', () => {
  it('keeps only the filters a report type uses', () => {
    expect(filtersFor('UserActivity', busy)).toEqual({
      DateRange: busy.DateRange,
      Companies: [],
      Statuses: [],
      Vendors: [],
      Tags: [],
    });
    expect(filtersFor('InactiveAndRetired', busy)).toEqual({
      DateRange: DEFAULT_FILTERS.DateRange,
      Companies: [4, 9],
      IncludeNoCompany: true,
      Statuses: [],
      Vendors: ['veeam'],
      Tags: [],
    });
    expect(filtersFor('DailyResults', busy)).toEqual(busy);
  });

  it('checks a custom range like the date range filter (features §5.4)', () => {
    const today = '2026-03-10';
    const custom = (From?: string, To?: string): ReportFilters => ({
      ...DEFAULT_FILTERS,
      DateRange: { Preset: 'custom', From, To },
    });
    expect(filtersProblem('DailyResults', custom('2026-03-01', '2026-03-07'), today)).toBeNull();
    expect(filtersProblem('DailyResults', custom(undefined, '2026-03-07'), today)).toBe('Date Filter From is required');
    expect(filtersProblem('DailyResults', custom('2026-03-01'), today)).toBe('Date Filter To is required');
    expect(filtersProblem('DailyResults', custom('2026-03-08', '2026-03-07'), today)).toBe(
      'Date Filter To must be later than Date Filter From',
    );
    expect(filtersProblem('DailyResults', custom('2026-03-01', '2026-03-11'), today)).toBe(
      'Date Filter To: Future Date is not allowed',
    );
    expect(filtersProblem('DailyResults', custom('2026-02-30x', '2026-03-07'), today)).toBe(
      'Date Filter From: Date must be valid',
    );
    // A report without a range ignores a half-typed one.
    expect(filtersProblem('BackupInventory', custom(undefined, undefined), today)).toBeNull();
  });

  it('stores the screen filters and falls back to defaults on anything malformed', () => {
    const s = memoryStorage();
    expect(readScreenFilters(s)).toEqual(DEFAULT_FILTERS);
    writeScreenFilters(s, busy);
    expect(readScreenFilters(s)).toEqual(busy);
    s.setItem(FILTERS_KEY, '{"Companies":"all"}');
    expect(readScreenFilters(s)).toEqual(DEFAULT_FILTERS);
    s.setItem(FILTERS_KEY, 'not json');
    expect(readScreenFilters(s)).toEqual(DEFAULT_FILTERS);
    expect(readScreenFilters(null)).toEqual(DEFAULT_FILTERS);
  });

  it('hands a run to its window under a storage key and clears day-old runs', () => {
    const s = memoryStorage();
    const now = Date.parse('2026-03-10T12:00:00Z');
    const old = storeRun(s, 'Compliance', busy, { now: now - 25 * 3600_000, key: 'old-run-1' });
    const recent = storeRun(s, 'Compliance', busy, { now: now - 3600_000, key: 'recent-run-1' });
    s.setItem(`${RUN_KEY_PREFIX}broken`, '{');
    s.setItem('vigil.theme', 'dark');
    const key = storeRun(s, 'DailyResults', busy, { now, keys: [...s.data.keys()] });

    expect(key).toMatch(/^[a-z0-9]+$/);
    expect(s.data.has(RUN_KEY_PREFIX + old)).toBe(false);
    expect(s.data.has(`${RUN_KEY_PREFIX}broken`)).toBe(false);
    expect(s.data.has(RUN_KEY_PREFIX + recent)).toBe(true);
    expect(s.getItem('vigil.theme')).toBe('dark');

    expect(readRun(s, 'DailyResults', key)).toEqual({ type: 'DailyResults', filters: busy, createdAt: now });
    // Stored filters are narrowed to the type's own.
    expect(readRun(s, 'Compliance', recent)?.filters.Statuses).toEqual([]);
    // Another type, an unknown type, a missing key or an unsafe key give nothing.
    expect(readRun(s, 'Compliance', key)).toBeNull();
    expect(readRun(s, 'Nonsense', key)).toBeNull();
    expect(readRun(s, 'DailyResults', 'missing-run')).toBeNull();
    expect(readRun(s, 'DailyResults', 'short')).toBeNull();
    expect(readRun(s, 'DailyResults', '../x/../y')).toBeNull();
    expect(readRun(s, 'DailyResults', undefined)).toBeNull();
  });

  it('resolves presets the way the report engine does', () => {
    // A Tuesday: last N days end yesterday; this week runs Monday to today.
    expect(reportPresetRange('last7days', '2026-03-10')).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(reportPresetRange('last30days', '2026-03-10')).toEqual({ from: '2026-02-08', to: '2026-03-09' });
    expect(reportPresetRange('thisWeek', '2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(reportPresetRange('yesterday', '2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });

  it('builds the window route and its in-page twin', () => {
    expect(generatePath('BackupMethods', 'abc123')).toBe('/window/reporting/generate/BackupMethods/abc123');
    expect(generatePath('BackupMethods', 'abc123', true)).toBe(
      '/app/reporting/on-demand/generate/BackupMethods/abc123',
    );
  });
});
