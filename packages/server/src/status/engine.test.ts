import { describe, expect, it } from 'vitest';
import {
  DayStatus,
  dayStatus,
  rollDays,
  type BackupSettings,
  type DayRow,
  type ResultInput,
  type ResultStatus,
  type StatusCalculation,
} from './index.ts';

const S = 1 as const;
const W = 2 as const;
const F = 3 as const;

const base: BackupSettings = {
  timeZone: 'UTC',
  dayStartHour: 0,
  statusCalculation: 'WarningIfMixed',
  treatWarningAsSuccess: false,
  kind: 'Backup',
  schedule: { kind: 'weekly', weekdays: 62 }, // Monday–Friday
};

const r = (iso: string, status: ResultStatus): ResultInput => ({ at: new Date(iso), status });

/** Rows reduced to what a table can state compactly: [day, status, success, warning, failure, scheduled]. */
const brief = (rows: DayRow[]) =>
  rows.map((d) => [d.day, d.status, d.countSuccess, d.countWarning, d.countFailure, d.isScheduled]);

describe('dayStatus', () => {
  it.each<[StatusCalculation, boolean, ResultStatus[], ResultStatus]>([
    ['WarningIfMixed', false, [S, S], S],
    ['WarningIfMixed', false, [F, F], F],
    ['WarningIfMixed', false, [S, F], W],
    ['WarningIfMixed', false, [W], W],
    ['WarningIfMixed', false, [S, W, S], W],
    ['WarningIfMixed', true, [S, W], S],
    ['WarningIfMixed', true, [W, W], S],
    ['WarningIfMixed', true, [W, F], W],
    ['WarningIfMixed', true, [F], F],
    ['Last', false, [F, S], S],
    ['Last', false, [S, F], F],
    ['Last', false, [S, W], W],
    ['Last', true, [S, W], S],
    ['Worst', false, [S, W, S], W],
    ['Worst', false, [S, F, W], F],
    ['Worst', true, [W, S], S],
    ['Worst', true, [W, F], F],
    ['Best', false, [F, W], W],
    ['Best', false, [F, S, W], S],
    ['Best', false, [F, F], F],
    ['Best', true, [F, W], S],
  ])('%s (warning as success: %s) of %j is %d', (calc, twas, statuses, expected) => {
    expect(dayStatus(statuses, calc, twas)).toBe(expected);
  });

  it('has no status for a day without results', () => {
    expect(() => dayStatus([], 'Last', false)).toThrow(RangeError);
  });
});

describe('rollDays', () => {
  it('gives every day of the range its status, counts, schedule flag and closing time', () => {
    // 2024-04-01 is a Monday. Results are given out of order on purpose.
    const results = [
      r('2024-04-06T08:00:00Z', S), // Saturday: not scheduled but has a result
      r('2024-04-01T20:00:00Z', S),
      r('2024-04-04T21:00:00Z', S),
      r('2024-03-31T23:59:59Z', F), // before the range
      r('2024-04-01T01:00:00Z', S),
      r('2024-04-03T10:00:00Z', W),
      r('2024-04-04T09:00:00Z', F),
      r('2024-04-08T00:00:00Z', F), // after the range (first instant of 8 April)
    ];
    const rows = rollDays(
      base,
      results,
      '2024-04-01',
      '2024-04-07',
      new Date('2024-04-07T12:00:00Z'),
      new Set(['2024-04-05']),
    );
    expect(brief(rows)).toEqual([
      ['2024-04-01', DayStatus.Success, 2, 0, 0, true],
      ['2024-04-02', DayStatus.NoResult, 0, 0, 0, true],
      ['2024-04-03', DayStatus.Warning, 0, 1, 0, true],
      ['2024-04-04', DayStatus.Warning, 1, 0, 1, true],
      ['2024-04-05', DayStatus.SuppressedNoResult, 0, 0, 0, true],
      ['2024-04-06', DayStatus.Success, 1, 0, 0, false],
      ['2024-04-07', DayStatus.NotScheduled, 0, 0, 0, false],
    ]);
    expect(rows.map((d) => d.closesAt.toISOString())).toEqual([
      '2024-04-02T00:00:00.000Z',
      '2024-04-03T00:00:00.000Z',
      '2024-04-04T00:00:00.000Z',
      '2024-04-05T00:00:00.000Z',
      '2024-04-06T00:00:00.000Z',
      '2024-04-07T00:00:00.000Z',
      '2024-04-08T00:00:00.000Z',
    ]);
  });

  it.each([
    // zone, start hour, now, suppressed, expected status of Friday 2024-04-05 without results
    ['UTC', 0, '2024-04-05T23:59:59.999Z', false, DayStatus.Pending],
    ['UTC', 0, '2024-04-06T00:00:00.000Z', false, DayStatus.NoResult],
    ['UTC', 0, '2024-04-05T23:59:59.999Z', true, DayStatus.Pending],
    ['UTC', 0, '2024-04-06T00:00:00.000Z', true, DayStatus.SuppressedNoResult],
    ['America/New_York', 6, '2024-04-06T09:59:59.999Z', false, DayStatus.Pending],
    ['America/New_York', 6, '2024-04-06T10:00:00.000Z', false, DayStatus.NoResult],
    ['Europe/London', 23, '2024-04-06T21:59:59.999Z', false, DayStatus.Pending],
    ['Europe/London', 23, '2024-04-06T22:00:00.000Z', false, DayStatus.NoResult],
  ])('Pending until the closing instant: %s h %d at %s (suppressed %s)', (zone, hour, now, sup, expected) => {
    const settings = { ...base, timeZone: zone, dayStartHour: hour };
    const rows = rollDays(
      settings,
      [],
      '2024-04-05',
      '2024-04-05',
      new Date(now),
      sup ? new Set(['2024-04-05']) : undefined,
    );
    expect(rows.map((d) => d.status)).toEqual([expected]);
  });

  it('places results by start of business: New York, h 6', () => {
    const settings = { ...base, timeZone: 'America/New_York', dayStartHour: 6 };
    const rows = rollDays(
      settings,
      [
        r('2024-04-05T09:59:59Z', F), // 05:59:59 EDT Friday → Thursday
        r('2024-04-06T09:30:00Z', S), // 05:30 EDT Saturday → Friday
        r('2024-04-06T10:00:00Z', W), // 06:00 EDT Saturday → Saturday
      ],
      '2024-04-04',
      '2024-04-06',
      new Date('2024-04-06T18:00:00Z'),
    );
    expect(brief(rows)).toEqual([
      ['2024-04-04', DayStatus.Failure, 0, 0, 1, true],
      ['2024-04-05', DayStatus.Success, 1, 0, 0, true],
      ['2024-04-06', DayStatus.Warning, 0, 1, 0, false],
    ]);
    expect(rows.map((d) => d.closesAt.toISOString())).toEqual([
      '2024-04-05T10:00:00.000Z',
      '2024-04-06T10:00:00.000Z',
      '2024-04-07T10:00:00.000Z',
    ]);
  });

  it('handles the London fall-back hour with start of business 01:00', () => {
    const settings: BackupSettings = {
      ...base,
      timeZone: 'Europe/London',
      dayStartHour: 1,
      schedule: { kind: 'weekly', weekdays: 127 },
    };
    const rows = rollDays(
      settings,
      [
        r('2024-10-26T23:59:00Z', W), // 00:59 BST → 26 Oct
        r('2024-10-27T00:30:00Z', S), // 01:30 BST, first pass → 27 Oct
        r('2024-10-27T01:30:00Z', F), // 01:30 GMT, repeated hour → 27 Oct
      ],
      '2024-10-26',
      '2024-10-28',
      new Date('2024-10-29T01:00:00Z'), // exactly when 28 Oct closes
    );
    expect(brief(rows)).toEqual([
      ['2024-10-26', DayStatus.Warning, 0, 1, 0, true],
      ['2024-10-27', DayStatus.Warning, 1, 0, 1, true],
      ['2024-10-28', DayStatus.NoResult, 0, 0, 0, true],
    ]);
    expect(rows.map((d) => d.closesAt.toISOString())).toEqual([
      '2024-10-27T00:00:00.000Z',
      '2024-10-28T01:00:00.000Z',
      '2024-10-29T01:00:00.000Z',
    ]);
  });

  it('handles the New York spring-forward gap with start of business 02:00', () => {
    const settings: BackupSettings = {
      ...base,
      timeZone: 'America/New_York',
      dayStartHour: 2,
      schedule: { kind: 'weekly', weekdays: 127 },
    };
    const rows = rollDays(
      settings,
      [r('2024-03-10T06:30:00Z', S)], // 01:30 EST on 10 March → 9 March
      '2024-03-09',
      '2024-03-10',
      new Date('2024-03-11T05:59:59Z'), // 01:59:59 EDT on 11 March: 10 March is still open
    );
    expect(brief(rows)).toEqual([
      ['2024-03-09', DayStatus.Success, 1, 0, 0, true],
      ['2024-03-10', DayStatus.Pending, 0, 0, 0, true],
    ]);
    expect(rows.map((d) => d.closesAt.toISOString())).toEqual(['2024-03-10T07:00:00.000Z', '2024-03-11T06:00:00.000Z']);
  });

  it('handles the Sydney fall-back hour with start of business 03:00', () => {
    const settings: BackupSettings = {
      ...base,
      timeZone: 'Australia/Sydney',
      dayStartHour: 3,
      schedule: { kind: 'weekly', weekdays: 127 },
    };
    const rows = rollDays(
      settings,
      [
        r('2024-04-06T15:30:00Z', S), // 02:30 AEDT on 7 April → 6 April
        r('2024-04-06T16:30:00Z', F), // 02:30 AEST, repeated → 6 April
        r('2024-04-06T17:00:00Z', W), // 03:00 AEST → 7 April
      ],
      '2024-04-06',
      '2024-04-07',
      new Date('2024-04-08T00:00:00Z'),
    );
    expect(brief(rows)).toEqual([
      ['2024-04-06', DayStatus.Warning, 1, 0, 1, true],
      ['2024-04-07', DayStatus.Warning, 0, 1, 0, true],
    ]);
    // 6 April opens 03:00 AEDT (16:00Z on the 5th) and lasts 25 hours.
    expect(rows[0].closesAt.toISOString()).toBe('2024-04-06T17:00:00.000Z');
  });

  it('runs an every-3-days rule across the leap day', () => {
    const settings: BackupSettings = {
      ...base,
      schedule: { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
    };
    const rows = rollDays(
      settings,
      [r('2028-02-29T12:00:00Z', S)],
      '2028-02-24',
      '2028-03-03',
      new Date('2028-03-03T12:00:00Z'),
    );
    expect(rows.map((d) => [d.day, d.status])).toEqual([
      ['2028-02-24', DayStatus.NotScheduled],
      ['2028-02-25', DayStatus.NotScheduled],
      ['2028-02-26', DayStatus.NoResult],
      ['2028-02-27', DayStatus.NotScheduled],
      ['2028-02-28', DayStatus.NotScheduled],
      ['2028-02-29', DayStatus.Success],
      ['2028-03-01', DayStatus.NotScheduled],
      ['2028-03-02', DayStatus.NotScheduled],
      ['2028-03-03', DayStatus.Pending],
    ]);
  });

  it('schedules the last Friday only in the listed months', () => {
    const settings: BackupSettings = { ...base, schedule: { kind: 'monthlyNth', nth: -1, weekdays: 32, months: [3] } };
    const now = new Date('2024-05-01T00:00:00Z');
    const march = rollDays(settings, [], '2024-03-22', '2024-03-31', now);
    expect(march.filter((d) => d.isScheduled).map((d) => [d.day, d.status])).toEqual([
      ['2024-03-29', DayStatus.NoResult],
    ]);
    const april = rollDays(settings, [], '2024-04-01', '2024-04-30', now);
    expect(april.every((d) => !d.isScheduled && d.status === DayStatus.NotScheduled)).toBe(true);
  });

  it('never shows No Result without a schedule', () => {
    const rows = rollDays(
      { ...base, schedule: null },
      [],
      '2024-04-01',
      '2024-04-03',
      new Date('2024-04-05T00:00:00Z'),
    );
    expect(brief(rows)).toEqual([
      ['2024-04-01', 0, 0, 0, 0, false],
      ['2024-04-02', 0, 0, 0, 0, false],
      ['2024-04-03', 0, 0, 0, 0, false],
    ]);
  });

  it.each<[StatusCalculation, boolean, number]>([
    ['WarningIfMixed', false, DayStatus.Warning],
    ['WarningIfMixed', true, DayStatus.Warning],
    ['Last', false, DayStatus.Warning],
    ['Last', true, DayStatus.Success],
    ['Worst', false, DayStatus.Failure],
    ['Worst', true, DayStatus.Failure],
    ['Best', false, DayStatus.Warning],
    ['Best', true, DayStatus.Success],
  ])('%s (warning as success: %s) over Failure then Warning gives %d, counts stay raw', (calc, twas, expected) => {
    const settings = { ...base, statusCalculation: calc, treatWarningAsSuccess: twas };
    // Given latest first: the calculation must use time order.
    const results = [r('2024-04-01T12:00:00Z', W), r('2024-04-01T02:00:00Z', F)];
    const rows = rollDays(settings, results, '2024-04-01', '2024-04-01', new Date('2024-04-02T00:00:00Z'));
    expect(brief(rows)).toEqual([['2024-04-01', expected, 0, 1, 1, true]]);
  });

  it('returns nothing when the range is empty', () => {
    expect(rollDays(base, [], '2024-04-02', '2024-04-01', new Date('2024-04-05T00:00:00Z'))).toEqual([]);
  });

  it('ignores results without a usable time or status', () => {
    const results = [
      { at: new Date('nope'), status: F },
      { at: new Date('2024-04-01T10:00:00Z'), status: 0 as unknown as ResultStatus },
      r('2024-04-01T11:00:00Z', S),
    ];
    const rows = rollDays(base, results, '2024-04-01', '2024-04-01', new Date('2024-04-02T00:00:00Z'));
    expect(brief(rows)).toEqual([['2024-04-01', DayStatus.Success, 1, 0, 0, true]]);
  });
});

describe('rollDays for an Alert', () => {
  const alert: BackupSettings = { ...base, kind: 'Alert' }; // its Mon–Fri schedule must be ignored

  it('carries the latest earlier day status, also from before the range', () => {
    const results = [
      r('2024-03-20T10:00:00Z', S),
      r('2024-03-28T10:00:00Z', W),
      r('2024-03-28T11:00:00Z', F), // 28 March: Warning then Failure → Warning (mixed)
      r('2024-04-03T09:00:00Z', S),
      r('2024-04-05T09:00:00Z', F),
      r('2024-04-09T09:00:00Z', S), // after the range: neither counted nor carried
    ];
    const rows = rollDays(alert, results, '2024-04-01', '2024-04-07', new Date('2024-04-07T12:00:00Z'));
    expect(brief(rows)).toEqual([
      ['2024-04-01', DayStatus.Warning, 0, 0, 0, false],
      ['2024-04-02', DayStatus.Warning, 0, 0, 0, false],
      ['2024-04-03', DayStatus.Success, 1, 0, 0, false],
      ['2024-04-04', DayStatus.Success, 0, 0, 0, false],
      ['2024-04-05', DayStatus.Failure, 0, 0, 1, false],
      ['2024-04-06', DayStatus.Failure, 0, 0, 0, false],
      ['2024-04-07', DayStatus.Failure, 0, 0, 0, false],
    ]);
  });

  it('carries the day status by the calculation, with start of business', () => {
    // Worst over the earlier day: both results fall on 31 March (h 6, so 1 April 05:00 is still 31 March).
    const settings: BackupSettings = { ...alert, statusCalculation: 'Worst', dayStartHour: 6 };
    const results = [r('2024-03-31T10:00:00Z', F), r('2024-04-01T05:00:00Z', S)];
    const rows = rollDays(settings, results, '2024-04-01', '2024-04-02', new Date('2024-04-02T12:00:00Z'));
    expect(brief(rows)).toEqual([
      ['2024-04-01', DayStatus.Failure, 0, 0, 0, false],
      ['2024-04-02', DayStatus.Failure, 0, 0, 0, false],
    ]);
  });

  it('is Not Scheduled before any result and never No Result or Pending', () => {
    const rows = rollDays(
      alert,
      [r('2024-04-02T09:00:00Z', F)],
      '2024-04-01',
      '2024-04-03',
      new Date('2024-04-03T01:00:00Z'),
    );
    expect(brief(rows)).toEqual([
      ['2024-04-01', DayStatus.NotScheduled, 0, 0, 0, false],
      ['2024-04-02', DayStatus.Failure, 0, 0, 1, false],
      ['2024-04-03', DayStatus.Failure, 0, 0, 0, false],
    ]);
  });
});

describe('rollDays speed', () => {
  it('rolls a year with two results a day well under a millisecond per call', () => {
    const settings: BackupSettings = { ...base, timeZone: 'Europe/London', dayStartHour: 6 };
    const results: ResultInput[] = [];
    const start = Date.UTC(2024, 0, 1);
    for (let d = 0; d < 366; d++) {
      results.push({ at: new Date(start + d * 86_400_000 + 2 * 3_600_000), status: S });
      results.push({ at: new Date(start + d * 86_400_000 + 14 * 3_600_000), status: d % 7 === 0 ? F : W });
    }
    const now = new Date('2025-01-01T12:00:00Z');
    for (let i = 0; i < 50; i++) rollDays(settings, results, '2024-01-01', '2024-12-31', now);
    const calls = 300;
    const t0 = performance.now();
    let rows = 0;
    for (let i = 0; i < calls; i++) rows += rollDays(settings, results, '2024-01-01', '2024-12-31', now).length;
    const perCall = (performance.now() - t0) / calls;
    expect(rows).toBe(366 * calls);
    expect(perCall).toBeLessThan(1);
  });
});
