import type { RouteHandle } from './routeHandle';

export const handle = (h: RouteHandle) => h;

/** Lazily loaded screen: the route waits for its code before it renders. */
export const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});
