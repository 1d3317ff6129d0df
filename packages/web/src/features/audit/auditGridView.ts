/**
 * Pure rules of how the Audit grid and its drawer present a backup: which columns stay frozen,
 * which rows are tinted, where a drill-down came from, and why a day has its status.
 */
import { RowSeverity, type AuditHistoryEntry, type StatusCalculation } from '@vigil/contract';
import { dayStatusInfo, DayStatus } from '../../lib/audit';

/** Company and Backup identify a row: they stay at the left edge while the grid scrolls sideways. */
export const AUDIT_PINNED_COLUMNS = ['company', 'job'] as const;

/** Rows are tinted by the selected day's status: a Failure as an error, a Warning as a warning. */
export function auditRowSeverity(status: number | null | undefined): number {
  if (status === DayStatus.Failure) return RowSeverity.Error;
  if (status === DayStatus.Warning) return RowSeverity.Warning;
  return RowSeverity.None;
}

/** Where a drill-down came from, for "Filtered from …": the route state's `source`, else the dashboard. */
export function drillDownSource(state: unknown): string {
  const source = state && typeof state === 'object' ? (state as Record<string, unknown>).source : undefined;
  return typeof source === 'string' && source.trim() ? source.trim() : 'the dashboard';
}

const CALCULATION_LABEL: Record<StatusCalculation, string> = {
  WarningIfMixed: 'Warning if mixed',
  Last: 'Last result',
  Worst: 'Worst result',
  Best: 'Best result',
};

/** "2 results: 1 Success · 1 Failure" (the day's result counts), or null without results. */
export function dayResultsText(entry: Pick<AuditHistoryEntry, 'CountSuccess' | 'CountWarning' | 'CountFailure'>) {
  const parts: string[] = [];
  if (entry.CountSuccess) parts.push(`${entry.CountSuccess} Success`);
  if (entry.CountWarning) parts.push(`${entry.CountWarning} Warning`);
  if (entry.CountFailure) parts.push(`${entry.CountFailure} Failure`);
  const n = entry.CountSuccess + entry.CountWarning + entry.CountFailure;
  return n ? `${n} result${n === 1 ? '' : 's'}: ${parts.join(' · ')}` : null;
}

/**
 * Why a day has its status, in the words of the backup's status rule: "Warning — mixed results
 * that day (Warning if mixed)", "Failure — the last result of the day (Last result)". Without
 * the rule (`calc` unknown) the reason is read from the day's result counts alone.
 */
export function dayStatusReason(
  entry: Pick<AuditHistoryEntry, 'Status' | 'CountSuccess' | 'CountWarning' | 'CountFailure' | 'IsScheduled'>,
  calc?: StatusCalculation | null,
  treatWarningAsSuccess = false,
): string {
  const label = dayStatusInfo(entry.Status).label;
  switch (entry.Status) {
    case DayStatus.NotScheduled:
      return 'Not scheduled — no results that day';
    case DayStatus.NoResult:
      return 'No Result — scheduled, but no result arrived';
    case DayStatus.SuppressedNoResult:
      return 'Suppressed No Result — no result, and none is expected';
    case DayStatus.Pending:
      return 'Pending — the day is not over yet';
  }
  const { CountSuccess: s, CountWarning: w, CountFailure: f } = entry;
  const total = s + w + f;
  const rule = calc ? ` (${CALCULATION_LABEL[calc]}${treatWarningAsSuccess ? ', warnings count as success' : ''})` : '';
  if (total <= 1) return `${label} — the day's only result${rule}`;
  if (calc === 'Last') return `${label} — the last result of the day${rule}`;
  if (calc === 'Worst') return `${label} — the worst result of the day${rule}`;
  if (calc === 'Best') return `${label} — the best result of the day${rule}`;
  // Warning if mixed (the default rule), or a rule not known here.
  const kinds = [s, w, f].filter((n) => n > 0).length;
  if (kinds === 1) return `${label} — every result that day was ${label}${rule}`;
  if (entry.Status === DayStatus.Warning && s > 0 && f > 0) return `Warning — mixed results that day${rule}`;
  if (entry.Status === DayStatus.Warning && w > 0) return `Warning — a result that day had warnings${rule}`;
  return `${label} — from ${total} results that day${rule}`;
}
