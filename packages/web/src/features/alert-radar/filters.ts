import { ALERT_DEFAULT_WINDOW_DAYS, type AlertEmailListQuery } from '@vigil/contract';
import { addDays, isIsoDay, zonedTimeToIso, type IsoDay } from '../../lib/days';

/** What the filter bar of the alert e-mail list holds (features §3.2 list params). */
export interface AlertFilters {
  subject: string;
  summary: string;
  /** Days in the tenant's time zone, both included. */
  from: IsoDay;
  to: IsoDay;
  /** '' for any assessment. */
  assessment: '' | number;
  labels: string[];
}

/** The default window (platform §9): the last 30 days, today included, in the tenant's zone. */
export function defaultAlertFilters(today: IsoDay): AlertFilters {
  return {
    subject: '',
    summary: '',
    from: addDays(today, -(ALERT_DEFAULT_WINDOW_DAYS - 1)),
    to: today,
    assessment: '',
    labels: [],
  };
}

/**
 * The filters a link opens the list with (a dashboard's Alert Radar tile): `from` and `to` days
 * and an `assessment` (1 to 3); anything missing or invalid keeps the default.
 */
export function filtersFromSearch(search: URLSearchParams, today: IsoDay): AlertFilters {
  const f = defaultAlertFilters(today);
  const from = search.get('from');
  const to = search.get('to');
  if (isIsoDay(from) && isIsoDay(to) && from <= to) {
    f.from = from;
    f.to = to;
  }
  const a = Number(search.get('assessment'));
  if ([1, 2, 3].includes(a)) f.assessment = a;
  return f;
}

/**
 * The list request: the received window runs from midnight of the first day to midnight after
 * the last day, in the tenant's time zone; empty filters are left out.
 */
export function alertListQuery(f: AlertFilters, timeZone: string, size: number): Omit<AlertEmailListQuery, 'Page'> {
  const q: Omit<AlertEmailListQuery, 'Page'> = {
    Size: size,
    ReceivedFrom: zonedTimeToIso(f.from, '00:00', timeZone),
    ReceivedTo: zonedTimeToIso(addDays(f.to, 1), '00:00', timeZone),
  };
  if (f.subject.trim()) q.SearchBySubject = f.subject.trim();
  if (f.summary.trim()) q.SearchBySummary = f.summary.trim();
  if (f.assessment !== '') q.Assessment = f.assessment;
  if (f.labels.length) q.Labels = f.labels;
  return q;
}

/** How many filters differ from the default window (for the "Clear" button). */
export function changedFilters(f: AlertFilters, today: IsoDay): number {
  const d = defaultAlertFilters(today);
  return (
    Number(!!f.subject.trim()) +
    Number(!!f.summary.trim()) +
    Number(f.from !== d.from || f.to !== d.to) +
    Number(f.assessment !== '') +
    Number(f.labels.length > 0)
  );
}
