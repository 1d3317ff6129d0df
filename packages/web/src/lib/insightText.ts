import { InsightType, type Insight } from '@vigil/contract';
import { relativeTime } from './format';

/** Where a type's list lives: /app/insights/{insightType} (platform §2). */
export function insightListPath(type: InsightType): string {
  return `/app/insights/${type}`;
}

/** The type in an address; the exact name, any case, or kebab-case ("backup-type"). */
export function insightTypeFromParam(param: string | undefined): InsightType | null {
  if (!param) return null;
  const key = param.replace(/-/g, '').toLowerCase();
  return InsightType.options.find((t) => t.toLowerCase() === key) ?? null;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** What applying changes, for the confirmation: the field and each backup's before → after. */
export function applyConfirmation(
  type: InsightType,
  rows: readonly Pick<Insight, 'JobName' | 'DeviceName' | 'Current' | 'Suggested'>[],
): { title: string; field: string; lines: string[]; more: number } {
  const field = type === 'BackupType' ? 'backup type' : 'schedule';
  const shown = rows.slice(0, 5);
  return {
    title: `Apply ${plural(rows.length, 'suggestion')}?`,
    field,
    lines: shown.map((r) => `${r.JobName} on ${r.DeviceName}: ${r.Current || '-'} → ${r.Suggested || '-'}`),
    more: rows.length - shown.length,
  };
}

/** The snackbar after an apply or a dismiss, with the count the server reports. */
export function actionDoneText(action: 'apply' | 'dismiss', result: { Applied: number; Dismissed: number }): string {
  return action === 'apply'
    ? `${plural(result.Applied, 'suggestion')} applied`
    : `${plural(result.Dismissed, 'suggestion')} dismissed`;
}

/** "Computed 5 minutes ago" or that the job has not run for this tenant yet. */
export function computedText(computedAt: string | null | undefined, now = Date.now()): string {
  if (!computedAt) return 'Not computed yet';
  return `Computed ${relativeTime(computedAt, now)}`;
}

/** Counts of an admin row by type (types the server left out count 0) and their sum. */
export function countsByType(items: readonly { Type: InsightType; Count: number }[]): {
  byType: Record<InsightType, number>;
  total: number;
} {
  const byType = Object.fromEntries(InsightType.options.map((t) => [t, 0])) as Record<InsightType, number>;
  for (const i of items) byType[i.Type] += i.Count;
  return { byType, total: Object.values(byType).reduce((a, b) => a + b, 0) };
}
