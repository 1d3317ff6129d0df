// The ticket profiles the search matches, by name or target.
import { useMemo } from 'react';
import type { TicketProfileListItem } from '@vigil/contract';

export function useProfileRows(results: TicketProfileListItem[] | undefined, search: string) {
  const all = useMemo(() => results ?? [], [results]);
  return useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? all.filter((p) => [p.Name, p.Target].some((x) => x.toLowerCase().includes(term))) : all;
  }, [all, search]);
}
