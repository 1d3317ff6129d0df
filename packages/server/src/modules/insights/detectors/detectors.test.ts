import { describe, expect, it } from 'vitest';
import { insightContext } from '../evidence.ts';
import { detect, type BackupEvidence } from './index.ts';

/**
 * The detectors over hand-made evidence: each type fires on its own evidence and stays quiet
 * just short of its threshold. Monday 2026-11-23 12:00 UTC; the full weeks are the eight
 * Monday-to-Sunday weeks from 2026-09-28 to 2026-11-22.
 */
const NOW = new Date('2026-11-23T12:00:00Z');
const ctx = insightContext(NOW, 'UTC');
const DAY = 86_400_000;
const WEEKDAYS = 62;
const SAT = 6;
const WED = 3;
const ALL_WEEKS = 0b11111111;

/** A healthy weekday backup: a success every Monday to Friday of every week, at 22:00. */
function healthy(over: Partial<BackupEvidence> = {}): BackupEvidence {
  const weekdayWeeks = [0, ALL_WEEKS, ALL_WEEKS, ALL_WEEKS, ALL_WEEKS, ALL_WEEKS, 0];
  return {
    id: 1,
    backupType: 'Backup',
    schedule: { kind: 'weekly', weekdays: WEEKDAYS },
    dayStartHour: 0,
    activatedAt: new Date(NOW.getTime() - 100 * DAY),
    lastResultAt: new Date(NOW.getTime() - 14 * 3_600_000),
    lastResultDay: '2026-11-22',
    weekResults: new Array(8).fill(5),
    weekdayWeeks,
    daysWithResults: 40,
    successResults: 40,
    troubleResults: 0,
    missedSinceLastResult: 0,
    earlyResults: 0,
    ...over,
  };
}
const types = (e: BackupEvidence) => detect(e, ctx).map((f) => f.type);
const only = (e: BackupEvidence) => {
  const found = detect(e, ctx);
  expect(found).toHaveLength(1);
  return found[0];
};

it('finds nothing for a backup that runs as scheduled', () => {
  expect(ctx.weekStarts).toEqual([
    '2026-09-28',
    '2026-10-05',
    '2026-10-12',
    '2026-10-19',
    '2026-10-26',
    '2026-11-02',
    '2026-11-09',
    '2026-11-16',
  ]);
  expect(types(healthy())).toEqual([]);
});

describe('missing schedule', () => {
  it('suggests adding a weekday that had results in 3 or more weeks', () => {
    const masks = healthy().weekdayWeeks.slice();
    masks[SAT] = 0b10110110; // five of the eight weeks
    const f = only(healthy({ weekdayWeeks: masks }));
    expect(f.type).toBe('BackupMissingSchedule');
    expect(f.detail).toBe('Results arrived on Saturday in 5 of the last 8 weeks');
    expect(f.current).toBe('Weekdays');
    expect(f.suggested).toBe('Monday, Tuesday, Wednesday, Thursday, Friday and Saturday');
    expect(f.suggestion).toEqual({ schedule: { kind: 'weekly', weekdays: WEEKDAYS | 64 } });
  });

  it('names each day added; two weeks are not enough', () => {
    const masks = healthy().weekdayWeeks.slice();
    masks[SAT] = 0b10000011;
    masks[0] = 0b11000000;
    const f = only(healthy({ weekdayWeeks: masks }));
    expect(f.detail).toBe('Results arrived on Saturday in 3 of the last 8 weeks');
    masks[0] = 0b11100000;
    const both = only(healthy({ weekdayWeeks: masks }));
    expect(both.detail).toBe('Results arrived on Saturday in 3 and on Sunday in 3 of the last 8 weeks');
    expect(both.suggested).toBe('Every day');
    masks[SAT] = 0b11;
    masks[0] = 0b11;
    expect(types(healthy({ weekdayWeeks: masks }))).toEqual([]);
    // Often, but not once in the last four weeks: the day was given up, not forgotten.
    masks[SAT] = 0b1111;
    expect(types(healthy({ weekdayWeeks: masks }))).toEqual([]);
  });

  it('keeps the months of the rule and leaves other rule kinds alone', () => {
    const masks = healthy().weekdayWeeks.slice();
    masks[SAT] = ALL_WEEKS;
    const f = only(healthy({ weekdayWeeks: masks, schedule: { kind: 'weekly', weekdays: WEEKDAYS, months: [1, 2] } }));
    expect(f.suggestion.schedule).toEqual({ kind: 'weekly', weekdays: 126, months: [1, 2] });
    const interval = healthy({
      weekdayWeeks: masks,
      schedule: { kind: 'interval', everyDays: 2, startDate: '2026-01-01' },
    });
    expect(types(interval)).toEqual([]);
  });
});

describe('extra schedule', () => {
  it('suggests removing a scheduled weekday with no result in the last 4 weeks', () => {
    const masks = healthy().weekdayWeeks.slice();
    masks[WED] = 0b00001111; // only in the four older weeks
    const f = only(healthy({ weekdayWeeks: masks, weekResults: [5, 5, 5, 5, 4, 4, 4, 4] }));
    expect(f.type).toBe('BackupExtraSchedule');
    expect(f.detail).toBe(
      'No result arrived on Wednesday in any of the last 4 weeks, while other days had results every week',
    );
    expect(f.current).toBe('Weekdays');
    expect(f.suggested).toBe('Monday, Tuesday, Thursday and Friday');
    expect(f.suggestion).toEqual({ schedule: { kind: 'weekly', weekdays: WEEKDAYS & ~8 } });
  });

  it('stays quiet when the day had one result lately, or the backup went silent, or nothing would remain', () => {
    const masks = healthy().weekdayWeeks.slice();
    masks[WED] = 0b00011111;
    expect(types(healthy({ weekdayWeeks: masks }))).toEqual([]);
    masks[WED] = 0b00001111;
    // A week without any result: not a schedule question.
    expect(types(healthy({ weekdayWeeks: masks, weekResults: [5, 5, 5, 5, 4, 4, 0, 4] }))).toEqual([]);
    const onlyWednesday = healthy({
      schedule: { kind: 'weekly', weekdays: 8 },
      weekdayWeeks: [0, ALL_WEEKS, 0, 0b1111, 0, 0, 0],
    });
    expect(types(onlyWednesday)).not.toContain('BackupExtraSchedule');
  });
});

describe('backup type', () => {
  it('suggests Alert for a backup whose results are rare and mostly trouble', () => {
    const e = healthy({
      weekdayWeeks: [0, 0b1001, 0b10000, 0, 0b100000, 0b10, 0],
      weekResults: [1, 1, 0, 1, 1, 1, 0, 0],
      daysWithResults: 5,
      successResults: 1,
      troubleResults: 4,
      schedule: null,
    });
    const f = only(e);
    expect(f.type).toBe('BackupType');
    expect(f.detail).toBe('4 of 5 results in the last 8 weeks were warnings or failures, on 5 irregular days of 56');
    expect([f.current, f.suggested]).toEqual(['Backup', 'Alert']);
    expect(f.suggestion).toEqual({ backupType: 'Alert' });
  });

  it('judges a new backup on its own weeks and never calls a regular failing backup an alert', () => {
    const young = healthy({
      weekdayWeeks: [0, 0, 0, 0b1000000, 0, 0, 0],
      weekResults: [0, 0, 0, 0, 0, 0, 0, 1],
      daysWithResults: 1,
      successResults: 0,
      troubleResults: 4,
      schedule: null,
    });
    expect(types(young)).toEqual([]);
    const failingDaily = healthy({ successResults: 4, troubleResults: 36 });
    expect(types(failingDaily)).toEqual([]);
  });

  it('suggests Backup for an alert with regular daily successes', () => {
    const alert = healthy({
      backupType: 'Alert',
      schedule: null,
      daysWithResults: 54,
      successResults: 52,
      troubleResults: 2,
    });
    const f = only(alert);
    expect(f.detail).toBe('Results arrived on 54 of the last 56 days, 96% of them successes, like a regular backup');
    expect(f.suggestion).toEqual({ backupType: 'Backup' });
    expect(types({ ...alert, daysWithResults: 39 })).toEqual([]);
    expect(types({ ...alert, successResults: 40, troubleResults: 14 })).toEqual([]);
  });
});

describe('start of business day', () => {
  it('suggests 04:00 when 80% of the runs start after midnight', () => {
    const f = only(healthy({ earlyResults: 32 }));
    expect(f.type).toBe('BackupStartOfBusinessDay');
    expect(f.detail).toBe(
      '32 of 40 results in the last 8 weeks started between 00:00 and 04:00; a start of business day at 04:00 would file them on the day of the night they ran',
    );
    expect(f.suggestion).toEqual({ dayStartHour: 4 });
    expect([f.current, f.suggested]).toEqual(['', '']);
    expect(types(healthy({ earlyResults: 31 }))).toEqual([]);
    expect(types(healthy({ earlyResults: 40, dayStartHour: 2 }))).toEqual([]);
  });
});

describe('silence', () => {
  const silentFor = (days: number, over: Partial<BackupEvidence> = {}) =>
    healthy({ lastResultAt: new Date(NOW.getTime() - days * DAY - 3_600_000), missedSinceLastResult: 2, ...over });

  it('reports a backup not updating from 3 days up to 30', () => {
    expect(types(silentFor(2))).toEqual([]);
    const f = only(silentFor(3, { lastResultDay: '2026-11-20' }));
    expect(f.type).toBe('BackupNotUpdating');
    expect(f.detail).toBe('No result for 3 days (the last on 2026-11-20)');
    expect(types(silentFor(29))).toEqual(['BackupNotUpdating']);
  });

  it('waits for a missed scheduled day, and leaves quiet alerts alone', () => {
    expect(types(silentFor(5, { missedSinceLastResult: 0 }))).toEqual([]);
    expect(types(silentFor(5, { missedSinceLastResult: 0, schedule: null }))).toEqual(['BackupNotUpdating']);
    expect(types(silentFor(5, { backupType: 'Alert', schedule: null, daysWithResults: 3 }))).toEqual([]);
  });

  it('suggests retiring after 30 days, or 30 days after activation without any result', () => {
    expect(types(silentFor(30))).toEqual(['BackupRetireSuggestion']);
    const never = healthy({
      lastResultAt: null,
      lastResultDay: null,
      activatedAt: new Date(NOW.getTime() - 31 * DAY),
      weekResults: new Array(8).fill(0),
      weekdayWeeks: new Array(7).fill(0),
      daysWithResults: 0,
      successResults: 0,
    });
    const f = only(never);
    expect(f.type).toBe('BackupRetireSuggestion');
    expect(f.detail).toBe('No result since it was activated 31 days ago');
  });
});

describe('results decreased', () => {
  it('reports a fall of more than 20% against the week before', () => {
    const f = only(healthy({ weekResults: [5, 5, 5, 5, 5, 5, 10, 7] }));
    expect(f.type).toBe('BackupResultsDecreased');
    expect(f.detail).toBe('7 results in the week of 2026-11-16, down from 10 the week before (-30%)');
    expect(types(healthy({ weekResults: [5, 5, 5, 5, 5, 5, 10, 8] }))).toEqual([]);
    expect(types(healthy({ weekResults: [5, 5, 5, 5, 5, 5, 2, 0] }))).toEqual([]);
  });
});

describe('the weeks examined', () => {
  it('are the full weeks before the current one in the tenant’s zone', () => {
    // Monday 03:00 UTC is still Sunday evening in New York: that week is not over there.
    const ny = insightContext(new Date('2026-11-23T03:00:00Z'), 'America/New_York');
    expect(ny.today).toBe('2026-11-22');
    expect([ny.weekStarts[0], ny.weekStarts[7]]).toEqual(['2026-09-21', '2026-11-09']);
    const tokyo = insightContext(new Date('2026-11-22T20:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.today).toBe('2026-11-23');
    expect(tokyo.weekStarts[7]).toBe('2026-11-16');
  });
});
