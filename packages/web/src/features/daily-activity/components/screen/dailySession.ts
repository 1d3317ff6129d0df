// What Daily Activity keeps between visits (the day for this tab, the page size), and its result popups.
import type { DailyActivityRow } from '@vigil/contract';
import type { SortingState } from '../../../../components/grid';
import type { PopupBackup } from '../../../../lib/auditWindows';

export const DATE_KEY = 'vigil.dailyActivity.selectedDate';
export const PAGE_SIZE_KEY = 'vigil.dailyActivity.pageSize';
export const DEFAULT_SORT: SortingState = [{ id: 'time', desc: true }];

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function popupBackup(r: DailyActivityRow): PopupBackup {
  return {
    PolicyId: r.PolicyId,
    JobName: r.JobName,
    DeviceName: r.DeviceName,
    CompanyName: r.CompanyName,
    VendorName: r.VendorName,
    Status: r.DayStatus,
  };
}
