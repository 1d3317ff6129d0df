// The day Daily Activity shows (kept for this tab) and the range of days it was picked from.
import { useCallback, useState } from 'react';
import { usableDay, type DayRange, type IsoDay } from '../../../../lib/days';
import type { TenantFormats } from '../../../../lib/tenantFormats';
import { DATE_KEY, readSession } from './dailySession';

export function useDailyDay(f: TenantFormats) {
  const [date, setDateState] = useState<IsoDay>(() => usableDay(readSession(DATE_KEY), f.today, f.yesterday));
  const [range, setRange] = useState<DayRange | null>(null);
  const setDate = useCallback((d: IsoDay, r?: DayRange | null) => {
    setDateState(d);
    try {
      window.sessionStorage.setItem(DATE_KEY, d);
    } catch {
      // the day lives for this page only
    }
    if (r !== undefined) setRange(r);
  }, []);
  // A day outside the chosen range ends the range.
  const shownRange = range && date >= range.from && date <= range.to ? range : null;
  return { date, range, setDate, shownRange };
}
