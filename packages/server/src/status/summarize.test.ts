import { describe, expect, it } from 'vitest';
import {
  DayStatus,
  rollDays,
  summarize,
  type BackupSettings,
  type BackupSummary,
  type DayRow,
  type DayStatusValue,
  type ResultInput,
} from './index.ts';

const { NotScheduled: NS, Success: S, Warning: W, Failure: F, NoResult: NR, Pending: P } = DayStatus;
const SNR = DayStatus.SuppressedNoResult;

const row = (day: string, status: DayStatusValue): DayRow => ({
  day,
  status,
  countSuccess: status === DayStatus.Success ? 1 : 0,
  countWarning: 0,
  countFailure: 0,
  isScheduled: true,
  closesAt: new Date(`${day}T23:59:59Z`),
});
const rows = (spec: [string, DayStatusValue][]) => spec.map(([d, s]) => row(d, s));

describe('summarize', () => {
  it.each<[string, [string, DayStatusValue][], string, Omit<BackupSummary, 'lastSuccessAt'>]>([
    [
      'No Result runs over a not-scheduled day; pending today does not count',
      [
        ['2024-04-01', S],
        ['2024-04-02', NR],
        ['2024-04-03', NS],
        ['2024-04-04', NR],
        ['2024-04-05', P],
      ],
      '2024-04-05',
      {
        currentStatus: NR,
        statusSince: '2024-04-02',
        daysInStatus: 3,
        lastSuccessDay: '2024-04-01',
        daysWithoutSuccess: 4,
      },
    ],
    [
      'succeeded today',
      [
        ['2024-04-01', F],
        ['2024-04-02', S],
        ['2024-04-03', S],
      ],
      '2024-04-03',
      {
        currentStatus: S,
        statusSince: '2024-04-02',
        daysInStatus: 1,
        lastSuccessDay: '2024-04-03',
        daysWithoutSuccess: 0,
      },
    ],
    [
      'failed today after a success yesterday',
      [
        ['2024-04-01', S],
        ['2024-04-02', F],
      ],
      '2024-04-02',
      {
        currentStatus: F,
        statusSince: '2024-04-02',
        daysInStatus: 0,
        lastSuccessDay: '2024-04-01',
        daysWithoutSuccess: 1,
      },
    ],
    [
      'never succeeded',
      [
        ['2024-04-01', F],
        ['2024-04-02', F],
        ['2024-04-03', P],
      ],
      '2024-04-03',
      { currentStatus: F, statusSince: '2024-04-01', daysInStatus: 2, lastSuccessDay: null, daysWithoutSuccess: null },
    ],
    [
      'a warning run across the leap day',
      [
        ['2028-02-27', F],
        ['2028-02-28', W],
        ['2028-02-29', W],
        ['2028-03-01', NS],
        ['2028-03-02', W],
      ],
      '2028-03-02',
      { currentStatus: W, statusSince: '2028-02-28', daysInStatus: 3, lastSuccessDay: null, daysWithoutSuccess: null },
    ],
    [
      'a suppressed No Result is its own status',
      [
        ['2024-04-01', NR],
        ['2024-04-02', SNR],
        ['2024-04-03', NS],
      ],
      '2024-04-03',
      {
        currentStatus: SNR,
        statusSince: '2024-04-02',
        daysInStatus: 1,
        lastSuccessDay: null,
        daysWithoutSuccess: null,
      },
    ],
    [
      'only not-scheduled days: the latest day and its unbroken run',
      [
        ['2024-04-01', NS],
        ['2024-04-02', NS],
      ],
      '2024-04-02',
      { currentStatus: NS, statusSince: '2024-04-01', daysInStatus: 1, lastSuccessDay: null, daysWithoutSuccess: null },
    ],
    [
      'only not-scheduled then pending today',
      [
        ['2024-04-01', NS],
        ['2024-04-02', P],
      ],
      '2024-04-02',
      { currentStatus: P, statusSince: '2024-04-02', daysInStatus: 0, lastSuccessDay: null, daysWithoutSuccess: null },
    ],
    [
      'rows in any order; rows after today ignored',
      [
        ['2024-04-10', F],
        ['2024-04-03', S],
        ['2024-04-01', S],
        ['2024-04-02', W],
      ],
      '2024-04-05',
      {
        currentStatus: S,
        statusSince: '2024-04-03',
        daysInStatus: 2,
        lastSuccessDay: '2024-04-03',
        daysWithoutSuccess: 2,
      },
    ],
    [
      'no rows at all',
      [],
      '2024-04-05',
      { currentStatus: NS, statusSince: null, daysInStatus: 0, lastSuccessDay: null, daysWithoutSuccess: null },
    ],
  ])('%s', (_label, spec, today, expected) => {
    const { lastSuccessAt: _ignored, ...rest } = summarize(rows(spec), [], today);
    expect(rest).toEqual(expected);
  });

  it('takes lastSuccessAt from the latest Success result by time', () => {
    const results: ResultInput[] = [
      { at: new Date('2024-04-02T20:00:00Z'), status: 1 },
      { at: new Date('2024-04-03T09:00:00Z'), status: 3 },
      { at: new Date('2024-04-02T22:00:00Z'), status: 1 },
      { at: new Date('2024-04-01T10:00:00Z'), status: 1 },
      { at: new Date('2024-04-03T10:00:00Z'), status: 2 },
    ];
    const summary = summarize(rows([['2024-04-02', S]]), results, '2024-04-03');
    expect(summary.lastSuccessAt?.toISOString()).toBe('2024-04-02T22:00:00.000Z');
    expect(summarize([], [], '2024-04-03').lastSuccessAt).toBeNull();
  });

  it('takes the last success day from successful results, whatever status the day got', () => {
    // A success and a failure on 2 April make a Warning day (Warning if mixed): it still had a success.
    const mixed = { ...row('2024-04-02', W), countSuccess: 1, countFailure: 1 };
    const summary = summarize([row('2024-04-01', S), mixed, row('2024-04-03', F)], [], '2024-04-03');
    expect(summary).toMatchObject({ lastSuccessDay: '2024-04-02', daysWithoutSuccess: 1 });
    // A Warning result counts as a success only when the backup treats warnings as success.
    const warned = { ...row('2024-04-03', W), countWarning: 1 };
    expect(summarize([mixed, warned], [], '2024-04-03').lastSuccessDay).toBe('2024-04-02');
    expect(summarize([mixed, warned], [], '2024-04-03', true).lastSuccessDay).toBe('2024-04-03');
  });

  it('summarizes what rollDays produced', () => {
    const settings: BackupSettings = {
      timeZone: 'UTC',
      dayStartHour: 0,
      statusCalculation: 'WarningIfMixed',
      treatWarningAsSuccess: false,
      kind: 'Backup',
      schedule: { kind: 'weekly', weekdays: 62 },
    };
    // Mon 1 April Success, Tue No Result, Wed Failure, Thu No Result, Fri (today) still open.
    const results: ResultInput[] = [
      { at: new Date('2024-04-01T03:00:00Z'), status: 1 },
      { at: new Date('2024-04-03T03:00:00Z'), status: 3 },
    ];
    const days = rollDays(settings, results, '2024-04-01', '2024-04-05', new Date('2024-04-05T08:00:00Z'));
    expect(summarize(days, results, '2024-04-05')).toEqual({
      currentStatus: NR,
      statusSince: '2024-04-04',
      daysInStatus: 1,
      lastSuccessDay: '2024-04-01',
      lastSuccessAt: new Date('2024-04-01T03:00:00Z'),
      daysWithoutSuccess: 4,
    });
  });
});
