// The loaded suggestions of an insight type, without the rows just applied or dismissed.
import { useMemo } from 'react';
import type { InsightType } from '@vigil/contract';
import { useInsightList } from '../api/insights';

export function useInsightRows(type: InsightType, search: string, pageSize: number, gone: ReadonlySet<number>) {
  const list = useInsightList(type, { Size: pageSize, ...(search.trim() ? { Search: search.trim() } : {}) });
  const rows = useMemo(
    () => (list.data?.pages.flatMap((p) => p.Results) ?? []).filter((r) => !gone.has(r.Id)),
    [list.data, gone],
  );
  return { list, rows };
}
