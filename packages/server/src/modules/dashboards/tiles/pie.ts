import type { PieItem } from '@vigil/contract';
import { NO_COMPANY } from '../../audit/common.ts';
import { shownStatuses, STATUS_LABELS, type TileQuery } from './filters.ts';
import { lastDayByStatusAndCompany } from './last-day.ts';

const byValueThenTitle = (a: { Value: number; Title: string }, b: { Value: number; Title: string }) =>
  b.Value - a.Value || a.Title.localeCompare(b.Title);

/**
 * Pie (features §3.1): one slice per shown status on the range's last day, each with its
 * companies. Suppressed No Result only appears when some backup has it, so a tenant that never
 * suppresses keeps the five slices of the default order.
 */
export async function pieData(q: TileQuery): Promise<{ items: PieItem[]; total: number }> {
  const counts = await lastDayByStatusAndCompany(q);
  const items: PieItem[] = [];
  for (const status of shownStatuses(q)) {
    const rows = counts.filter((c) => c.status === status);
    const Value = rows.reduce((s, c) => s + c.count, 0);
    if (status === 6 && Value === 0 && !q.filters.Status.includes(6)) continue;
    items.push({
      Title: STATUS_LABELS[status],
      Value,
      Status: status,
      Drilldown: rows
        .map((c) => ({ Title: c.companyName ?? NO_COMPANY, Value: c.count, CompanyId: c.companyId }))
        .sort(byValueThenTitle),
    });
  }
  return { items, total: items.reduce((s, i) => s + i.Value, 0) };
}
