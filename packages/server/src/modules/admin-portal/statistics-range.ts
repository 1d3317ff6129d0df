// The range of UTC days the Admin Portal statistics cover, and its SQL pieces.
import { STATISTICS_MAX_DAYS, type StatisticsQuery } from '@vigil/contract';
import { badRequest } from '../../platform/errors.ts';

/** A range of UTC days, both ends included, as the statistics queries take it. */
export interface DayRange {
  From: string;
  To: string;
}

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The asked range, or the last 30 days; refuses a reversed or over-long range. */
export function resolveRange(q: StatisticsQuery, now = new Date()): DayRange {
  const To = q.To ?? dayOf(now);
  const From = q.From ?? dayOf(new Date(Date.parse(`${To}T00:00:00Z`) - 29 * DAY_MS));
  const days = (Date.parse(`${To}T00:00:00Z`) - Date.parse(`${From}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw badRequest('Date Filter To must be later than Date Filter From', 'To');
  if (days > STATISTICS_MAX_DAYS) throw badRequest(`Choose a range of at most ${STATISTICS_MAX_DAYS} days.`, 'From');
  return { From, To };
}

export const n = (v: unknown) => Number(v ?? 0);
export const isoOrNull = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
/** Every day of the range, so a chart shows the quiet days too. */
export const DAYS = `(SELECT gs::date AS day FROM generate_series($1::date, $2::date, interval '1 day') AS gs) AS d`;
/** Timestamps inside the range of UTC days. */
export const IN_RANGE = (col: string) =>
  `${col} >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND ${col} < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;
export const DAY_OF = (col: string) => `(${col} AT TIME ZONE 'UTC')::date`;
