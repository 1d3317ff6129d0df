import { useMatches } from 'react-router';
import type { Access } from '../lib/access';

/** Route metadata: the page title for the top bar and the access a route requires. */
export interface RouteHandle {
  title?: string;
  access?: Access;
}

export function useRouteHandles(): RouteHandle[] {
  return useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => !!h);
}

/** The title of the deepest route that has one. */
export function useRouteTitle(): string | undefined {
  const handles = useRouteHandles();
  for (let i = handles.length - 1; i >= 0; i -= 1) if (handles[i].title) return handles[i].title;
  return undefined;
}
