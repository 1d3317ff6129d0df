// The results of one day for Daily Activity: the query with its sort and page size, without repeats.
import { useMemo, useState } from 'react';
import type { DailyActivityRow } from '@vigil/contract';
import type { SortingState } from '../../../../components/grid';
import type { IsoDay } from '../../../../lib/days';
import { useDailyActivity, type DailyFilters } from '../../api/dailyActivity';
import { SORT_KEYS } from '../dailySort';
import { DEFAULT_SORT } from './dailySession';
import { useDailyPageSize } from './useDailyPageSize';

export function useDailyResults(filters: DailyFilters, date: IsoDay) {
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const [pageSize, setPageSize] = useDailyPageSize();
  const sort = sorting[0];
  const list = useDailyActivity(filters, {
    date,
    size: pageSize,
    orderBy: sort ? SORT_KEYS[sort.id] : undefined,
    ascending: sort ? !sort.desc : undefined,
  });
  const rows = useMemo(() => {
    const seen = new Map<number, DailyActivityRow>();
    for (const p of list.data?.pages ?? [])
      for (const r of p.Results) if (!seen.has(r.ResultID)) seen.set(r.ResultID, r);
    return [...seen.values()];
  }, [list.data]);
  const last = list.data?.pages.at(-1);
  return { list, rows, last, sorting, setSorting, pageSize, setPageSize };
}
