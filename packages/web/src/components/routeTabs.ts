export interface RouteTab {
  label: string;
  /** Absolute path of the tab's screen. */
  path: string;
}

/**
 * The tab a location belongs to (features §2.6): the one whose path prefix-matches it (the longest
 * when several do), else the first.
 */
export function activeRouteTab(tabs: readonly RouteTab[], pathname: string): number {
  let best = -1;
  tabs.forEach((t, i) => {
    const hit = pathname === t.path || pathname.startsWith(`${t.path}/`);
    if (hit && (best < 0 || t.path.length > tabs[best].path.length)) best = i;
  });
  return best < 0 ? 0 : best;
}
