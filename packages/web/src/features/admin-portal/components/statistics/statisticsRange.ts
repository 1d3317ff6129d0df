// The ranges of Admin Portal → Statistics: the presets, and today in UTC.
import type { DatePreset, IsoDay } from '../../../../lib/days';

export const PRESETS: { key: DatePreset; label: string }[] = [
  { key: 'last7days', label: 'Last 7 days' },
  { key: 'last30days', label: 'Last 30 days' },
  { key: 'thisMonth', label: 'This month' },
  { key: 'lastMonth', label: 'Last month' },
];
export const today = () => new Date().toISOString().slice(0, 10) as IsoDay;

/** What is wrong with a typed range, if anything. */
export function rangeProblem(draft: { From: string; To: string }): string | null {
  return draft.From && draft.To && draft.To < draft.From
    ? 'Date Filter To must be later than Date Filter From'
    : draft.To > today()
      ? 'Future Date is not allowed'
      : null;
}
