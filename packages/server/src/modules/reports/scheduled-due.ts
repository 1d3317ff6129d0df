import { DAY_MS, HOUR_MS } from '../../status/calendar.ts';
import { offsetAt, openingOf, zoneFor, type Zone } from '../../status/zone.ts';

/**
 * Due times of scheduled reports. A report is due on each local day whose weekday flag is set
 * (Sunday 1 … Saturday 64) at Hour:00 in the tenant's time zone. When Hour:00 does not exist
 * that day (spring forward) the report is due when the gap ends; when it happens twice (fall
 * back) it is due at the first one. Pure functions: callers pass the clock.
 */

export interface ScheduleRule {
  weekdays: number;
  hour: number;
}

/** The weekday flag of a day number (1970-01-01, day 0, was a Thursday: flag 16). */
export function weekdayFlagOf(n: number): number {
  return 1 << ((((n + 4) % 7) + 7) % 7);
}

const localDayOf = (zone: Zone, t: number) => Math.floor((t + offsetAt(zone, t)) / DAY_MS);

/** The due instant of local day n. */
export function slotOf(zone: Zone, n: number, hour: number): number {
  return openingOf(zone, n, hour);
}

/** The latest due time at or before `now`, or null when the rule has no day. */
export function latestSlot(rule: ScheduleRule, timeZone: string, now: Date): Date | null {
  const zone = zoneFor(timeZone);
  const t = now.getTime();
  const today = localDayOf(zone, t);
  for (let n = today + 1; n >= today - 8; n--) {
    if (!(rule.weekdays & weekdayFlagOf(n))) continue;
    const slot = slotOf(zone, n, rule.hour);
    if (slot <= t) return new Date(slot);
  }
  return null;
}

/** The first due time strictly after `after`, or null when the rule has no day. */
export function nextSlotAfter(rule: ScheduleRule, timeZone: string, after: Date): Date | null {
  const zone = zoneFor(timeZone);
  const t = after.getTime();
  const today = localDayOf(zone, t);
  for (let n = today - 1; n <= today + 9; n++) {
    if (!(rule.weekdays & weekdayFlagOf(n))) continue;
    const slot = slotOf(zone, n, rule.hour);
    if (slot > t) return new Date(slot);
  }
  return null;
}

/**
 * The first due time of a schedule created or edited at `now`: the slot of the current hour
 * when there is one (whoever sets "today 17:00" at 17:40 expects the report now), else the next.
 */
export function firstDue(rule: ScheduleRule, timeZone: string, now: Date): Date | null {
  const latest = latestSlot(rule, timeZone, now);
  if (latest && now.getTime() - latest.getTime() < HOUR_MS) return latest;
  return nextSlotAfter(rule, timeZone, now);
}
