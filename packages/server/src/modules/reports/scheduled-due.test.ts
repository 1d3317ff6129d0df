import { describe, expect, it } from 'vitest';
import { firstDue, latestSlot, nextSlotAfter, weekdayFlagOf } from './scheduled-due.ts';

const ALL = 127;
const MONDAY = 2;
const SATURDAY = 64;
const utc = (s: string) => new Date(`${s}Z`);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('weekday flags', () => {
  it('Sunday is 1 and Saturday 64, before and after 1970', () => {
    // 1970-01-01 (day 0) was a Thursday; 1969-12-28 (day -4) a Sunday.
    expect(weekdayFlagOf(0)).toBe(16);
    expect(weekdayFlagOf(-4)).toBe(1);
    expect(weekdayFlagOf(2)).toBe(64);
    // 2026-11-23 is a Monday.
    expect(weekdayFlagOf(Date.UTC(2026, 10, 23) / 86_400_000)).toBe(MONDAY);
  });
});

describe('due times in the tenant time zone', () => {
  it('a daily 08:00 report in New York is due at 13:00 UTC in winter', () => {
    const rule = { weekdays: ALL, hour: 8 };
    const now = utc('2026-11-23T15:00:00');
    expect(iso(latestSlot(rule, 'America/New_York', now))).toBe('2026-11-23T13:00:00.000Z');
    expect(iso(nextSlotAfter(rule, 'America/New_York', now))).toBe('2026-11-24T13:00:00.000Z');
  });

  it('the local day decides the weekday, not the UTC one', () => {
    // Monday 07:00 in Sydney is Sunday 20:00 UTC.
    const rule = { weekdays: MONDAY, hour: 7 };
    expect(iso(nextSlotAfter(rule, 'Australia/Sydney', utc('2026-11-20T00:00:00')))).toBe('2026-11-22T20:00:00.000Z');
    // Saturday 23:00 in Los Angeles is Sunday 07:00 UTC.
    const sat = { weekdays: SATURDAY, hour: 23 };
    expect(iso(nextSlotAfter(sat, 'America/Los_Angeles', utc('2026-11-23T00:00:00')))).toBe('2026-11-29T07:00:00.000Z');
  });

  it('skips days that are not flagged, a week ahead at most', () => {
    const rule = { weekdays: MONDAY, hour: 9 };
    // Monday 09:00 UTC has just passed: the next one is a week later.
    expect(iso(nextSlotAfter(rule, 'UTC', utc('2026-11-23T09:00:00')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(latestSlot(rule, 'UTC', utc('2026-11-29T23:59:00')))).toBe('2026-11-23T09:00:00.000Z');
    expect(latestSlot({ weekdays: 0, hour: 9 }, 'UTC', utc('2026-11-29T23:59:00'))).toBeNull();
  });

  it('an hour lost to spring forward is due when the gap ends', () => {
    // New York, 2026-03-08: 02:00 becomes 03:00 EDT (07:00 UTC).
    const rule = { weekdays: ALL, hour: 2 };
    expect(iso(nextSlotAfter(rule, 'America/New_York', utc('2026-03-08T00:00:00')))).toBe('2026-03-08T07:00:00.000Z');
    // The day after, 02:00 EDT is 06:00 UTC.
    expect(iso(nextSlotAfter(rule, 'America/New_York', utc('2026-03-08T07:00:00')))).toBe('2026-03-09T06:00:00.000Z');
  });

  it('an hour that happens twice in fall back is due at its first occurrence, once', () => {
    // New York, 2026-11-01: 01:00 EDT (05:00 UTC) and again 01:00 EST (06:00 UTC).
    const rule = { weekdays: ALL, hour: 1 };
    expect(iso(nextSlotAfter(rule, 'America/New_York', utc('2026-11-01T00:00:00')))).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(nextSlotAfter(rule, 'America/New_York', utc('2026-11-01T05:00:00')))).toBe('2026-11-02T06:00:00.000Z');
    // During the second 01:xx the latest slot is still the first one, not a new one.
    expect(iso(latestSlot(rule, 'America/New_York', utc('2026-11-01T06:30:00')))).toBe('2026-11-01T05:00:00.000Z');
  });

  it('Europe/London across the October change', () => {
    const rule = { weekdays: ALL, hour: 9 };
    expect(iso(nextSlotAfter(rule, 'Europe/London', utc('2026-10-24T12:00:00')))).toBe('2026-10-25T09:00:00.000Z');
    expect(iso(nextSlotAfter(rule, 'Europe/London', utc('2026-10-23T12:00:00')))).toBe('2026-10-24T08:00:00.000Z');
  });
});

describe('the first due time of a new or edited schedule', () => {
  const rule = { weekdays: ALL, hour: 17 };

  it('is the current hour when the schedule is set during it', () => {
    expect(iso(firstDue(rule, 'UTC', utc('2026-11-23T17:40:00')))).toBe('2026-11-23T17:00:00.000Z');
    expect(iso(firstDue(rule, 'UTC', utc('2026-11-23T17:00:00')))).toBe('2026-11-23T17:00:00.000Z');
  });

  it('is the next slot once that hour is over, or before it', () => {
    expect(iso(firstDue(rule, 'UTC', utc('2026-11-23T18:00:00')))).toBe('2026-11-24T17:00:00.000Z');
    expect(iso(firstDue(rule, 'UTC', utc('2026-11-23T16:59:00')))).toBe('2026-11-23T17:00:00.000Z');
  });

  it('counts the hour in the tenant zone (17:40 in Berlin is 16:40 UTC)', () => {
    expect(iso(firstDue(rule, 'Europe/Berlin', utc('2026-11-23T16:40:00')))).toBe('2026-11-23T16:00:00.000Z');
  });

  it('does not take the current hour on a day that is not flagged', () => {
    // 2026-11-23 is a Monday; the rule is Tuesdays only.
    expect(iso(firstDue({ weekdays: 4, hour: 17 }, 'UTC', utc('2026-11-23T17:40:00')))).toBe(
      '2026-11-24T17:00:00.000Z',
    );
  });
});
