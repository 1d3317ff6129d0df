import { dayNumber, dayText, daysBetween } from './calendar.ts';
import { compileSchedule } from './schedule.ts';
import { daysWithoutSuccess } from './success.ts';
import {
  DayStatus,
  type BackupSettings,
  type BackupSummary,
  type DayRow,
  type DayStatusValue,
  type ResultInput,
  type ResultStatus,
  type StatusCalculation,
} from './types.ts';
import { businessDayNumber, openingOf, startHour, zoneFor } from './zone.ts';

/** Status of the results statuses[from..to) (time order), without building a new array. */
function statusOfRange(
  statuses: ArrayLike<number>,
  from: number,
  to: number,
  calc: StatusCalculation,
  treatWarningAsSuccess: boolean,
): ResultStatus {
  const warning = treatWarningAsSuccess ? 1 : 2;
  const mapped = (s: number): ResultStatus => (s === 2 ? warning : (s as ResultStatus));
  switch (calc) {
    case 'Last':
      return mapped(statuses[to - 1]);
    case 'Worst': {
      let worst: ResultStatus = 1;
      for (let i = from; i < to; i++) {
        const s = mapped(statuses[i]);
        if (s > worst) worst = s;
      }
      return worst;
    }
    case 'Best': {
      let best: ResultStatus = 3;
      for (let i = from; i < to; i++) {
        const s = mapped(statuses[i]);
        if (s < best) best = s;
      }
      return best;
    }
    default: {
      // WarningIfMixed, also for a calculation this code does not know.
      let success = false;
      let failure = false;
      for (let i = from; i < to; i++) {
        const s = mapped(statuses[i]);
        if (s === 2) return 2;
        if (s === 1) success = true;
        else failure = true;
      }
      return success && failure ? 2 : failure ? 3 : 1;
    }
  }
}

/**
 * The status of one day from its results (in time order). "WarningIfMixed": all Success →
 * Success, all Failure → Failure, otherwise Warning; "Last": the last result; "Worst" and
 * "Best": Failure > Warning > Success and the reverse. With treatWarningAsSuccess each Warning
 * counts as a Success first. A day without results has no status: RangeError.
 */
export function dayStatus(
  statuses: ResultStatus[],
  calc: StatusCalculation,
  treatWarningAsSuccess: boolean,
): ResultStatus {
  if (statuses.length === 0) throw new RangeError('dayStatus needs at least one result');
  return statusOfRange(statuses, 0, statuses.length, calc, treatWarningAsSuccess);
}

function isResultStatus(s: unknown): s is ResultStatus {
  return s === 1 || s === 2 || s === 3;
}

/**
 * One row per business day from `from` to `to` inclusive (see the product rules in index.ts).
 * Results are placed by the business day their start falls in; results outside the range are not
 * counted (for an Alert, earlier ones set the status carried into the range). Results without a
 * valid time or with a status other than 1–3 are ignored.
 */
export function rollDays(
  settings: BackupSettings,
  results: ResultInput[],
  from: string,
  to: string,
  now: Date,
  suppressed?: ReadonlySet<string>,
): DayRow[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) return [];
  const zone = zoneFor(settings.timeZone);
  const hour = startHour(settings.dayStartHour);
  const calc = settings.statusCalculation;
  const twas = settings.treatWarningAsSuccess === true;
  const isAlert = settings.kind === 'Alert';
  const scheduled = compileSchedule(isAlert ? null : settings.schedule);
  const nowMs = now.getTime();

  const count = last - first + 1;
  const opens = new Array<number>(count + 1);
  for (let i = 0; i <= count; i++) opens[i] = openingOf(zone, first + i, hour);

  // Usable results as parallel arrays in time order (equal times keep their given order).
  let times: number[] = [];
  let statuses: number[] = [];
  let inOrder = true;
  for (const r of results) {
    const t = r.at instanceof Date ? r.at.getTime() : NaN;
    if (!Number.isFinite(t) || !isResultStatus(r.status)) continue;
    if (times.length > 0 && t < times[times.length - 1]) inOrder = false;
    times.push(t);
    statuses.push(r.status);
  }
  if (!inOrder) {
    const order = times.map((_, i) => i).sort((a, b) => times[a] - times[b] || a - b);
    times = order.map((i) => times[i]);
    statuses = order.map((i) => statuses[i]);
  }

  // Results before the range matter only to an Alert: the latest earlier day with results.
  let next = 0;
  while (next < times.length && times[next] < opens[0]) next++;
  let carried: DayStatusValue = DayStatus.NotScheduled;
  if (isAlert && next > 0) {
    const dayOpens = openingOf(zone, businessDayNumber(zone, times[next - 1], hour), hour);
    let begin = next - 1;
    while (begin > 0 && times[begin - 1] >= dayOpens) begin--;
    carried = statusOfRange(statuses, begin, next, calc, twas);
  }

  const rows: DayRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const day = dayText(n);
    const closes = opens[i + 1];
    const begin = next;
    let success = 0;
    let warning = 0;
    let failure = 0;
    while (next < times.length && times[next] < closes) {
      const s = statuses[next++];
      if (s === 1) success++;
      else if (s === 2) warning++;
      else failure++;
    }
    const dayIsScheduled = scheduled(n);
    let status: DayStatusValue;
    if (next > begin) {
      status = statusOfRange(statuses, begin, next, calc, twas);
      if (isAlert) carried = status;
    } else if (isAlert) {
      status = carried;
    } else if (!dayIsScheduled) {
      status = DayStatus.NotScheduled;
    } else if (closes <= nowMs) {
      status = suppressed?.has(day) ? DayStatus.SuppressedNoResult : DayStatus.NoResult;
    } else {
      status = DayStatus.Pending;
    }
    rows[i] = {
      day,
      countSuccess: success,
      countWarning: warning,
      countFailure: failure,
      status,
      isScheduled: dayIsScheduled,
      closesAt: new Date(closes),
    };
  }
  return rows;
}

/** Days that carry no status of their own: they neither set nor break a run. */
function isQuiet(status: DayStatusValue): boolean {
  return status === DayStatus.NotScheduled || status === DayStatus.Pending;
}

/**
 * The backup's headline figures from its day rows (any order; rows after `today` are ignored)
 * and its results (for the time of the latest Success). The last success day is the latest day
 * with a successful result (a Success, or a Warning when warnings count as success), whatever the
 * day's other results made its status; days without success follow `daysWithoutSuccess`.
 */
export function summarize(
  days: DayRow[],
  results: ResultInput[],
  today: string,
  treatWarningAsSuccess = false,
): BackupSummary {
  const rows = days.filter((d) => d.day <= today).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

  let lastSuccessAt: Date | null = null;
  for (const r of results) {
    if (r.status !== 1 || !(r.at instanceof Date) || Number.isNaN(r.at.getTime())) continue;
    if (!lastSuccessAt || r.at.getTime() > lastSuccessAt.getTime()) lastSuccessAt = r.at;
  }

  let lastSuccessDay: string | null = null;
  for (let i = rows.length - 1; i >= 0; i--) {
    const d = rows[i];
    if (d.countSuccess > 0 || (treatWarningAsSuccess && d.countWarning > 0)) {
      lastSuccessDay = d.day;
      break;
    }
  }

  let currentStatus: DayStatusValue = DayStatus.NotScheduled;
  let statusSince: string | null = null;
  if (rows.length > 0) {
    let at = rows.length - 1;
    while (at >= 0 && isQuiet(rows[at].status)) at--;
    if (at >= 0) {
      currentStatus = rows[at].status;
      statusSince = rows[at].day;
      for (let i = at - 1; i >= 0; i--) {
        const s = rows[i].status;
        if (s === currentStatus) statusSince = rows[i].day;
        else if (!isQuiet(s)) break;
      }
    } else {
      // Nothing but NotScheduled/Pending: the latest day's status, since its unbroken run began.
      at = rows.length - 1;
      currentStatus = rows[at].status;
      statusSince = rows[at].day;
      for (let i = at - 1; i >= 0 && rows[i].status === currentStatus; i--) statusSince = rows[i].day;
    }
  }

  return {
    currentStatus,
    statusSince,
    daysInStatus: statusSince === null ? 0 : daysBetween(statusSince, today),
    lastSuccessDay,
    lastSuccessAt,
    daysWithoutSuccess: daysWithoutSuccess(lastSuccessDay, today),
  };
}
