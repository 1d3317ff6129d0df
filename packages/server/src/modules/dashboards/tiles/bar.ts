import type { BarItem } from '@vigil/contract';
import { NO_COMPANY } from '../../audit/common.ts';
import { shownStatuses, STATUS_LABELS, type TileQuery } from './filters.ts';
import { lastDayByStatusAndCompany } from './last-day.ts';

/** Companies shown when a Bar or Column groups by company. */
export const TOP_COMPANIES = 20;
/** The statuses that make a company rank higher: something for a technician to look at. */
const PROBLEMS = new Set([2, 3, 4]);

/**
 * Bar and Column (features §3.1) on the range's last day: one item per shown status, or per
 * company (the 20 with the most problems, then by name) with its counts per status.
 */
export async function barData(q: TileQuery, groupBy: 0 | 1): Promise<BarItem[]> {
  const counts = await lastDayByStatusAndCompany(q);
  const statuses = shownStatuses(q);
  if (groupBy === 0) {
    return statuses
      .map((status) => ({
        Title: STATUS_LABELS[status],
        Status: status,
        CompanyId: null,
        Value: counts.filter((c) => c.status === status).reduce((s, c) => s + c.count, 0),
      }))
      .filter((item) => item.Status !== 6 || item.Value > 0 || q.filters.Status.includes(6));
  }
  const companies = new Map<string, BarItem & { problems: number }>();
  for (const c of counts) {
    const key = String(c.companyId);
    let item = companies.get(key);
    if (!item) {
      item = {
        Title: c.companyName ?? NO_COMPANY,
        Status: null,
        CompanyId: c.companyId,
        Value: 0,
        ByStatus: Object.fromEntries(statuses.map((s) => [String(s), 0])),
        problems: 0,
      };
      companies.set(key, item);
    }
    item.Value += c.count;
    item.ByStatus![String(c.status)] = (item.ByStatus![String(c.status)] ?? 0) + c.count;
    if (PROBLEMS.has(c.status)) item.problems += c.count;
  }
  return [...companies.values()]
    .sort((a, b) => b.problems - a.problems || a.Title.localeCompare(b.Title))
    .slice(0, TOP_COMPANIES)
    .map(({ problems: _problems, ...item }) => item);
}
