import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, type Location } from 'react-router';
import { Messages } from '@vigil/contract';
import { sessionHasExpired } from '../lib/session';
import { isAuthenticated } from '../lib/auth';
import { canAccess } from '../lib/access';
import { useAuth } from '../lib/queries';
import { useRouteHandles } from './routeHandle';
import { useAppSession } from './session';
import { PageSkeleton } from '../components/PageSkeleton';

export const APP_ROOT = '/app';
export const LOGIN_PATH = '/page/login';

export interface LoginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  message?: string;
}

/** Not signed in: to the login page, remembering where the user was going. */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (!isAuthenticated(auth)) {
    const state: LoginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    // Platform §8: an expired session lands on login with 'Your session has expired. Please log back in.'
    if (sessionHasExpired()) state.message = Messages.sessionExpired;
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <Outlet />;
}

/** Login-only pages send a signed-in user to the app root (or where the login was heading). */
export function LoginOnly() {
  const auth = useAuth();
  const location = useLocation();
  if (isAuthenticated(auth)) {
    const from = (location.state as LoginState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : APP_ROOT} replace />;
  }
  return <Outlet />;
}

/** Lacking privileges, permissions or a flag for any matched route: back to the app root. */
export function AccessGuard() {
  const { access } = useAppSession();
  const handles = useRouteHandles();
  const allowed = handles.every((h) => canAccess(h.access, access));
  if (!allowed) return <Navigate to={APP_ROOT} replace />;
  return <Outlet />;
}

/**
 * The app root: the first screen the menu allows. The redirect is flushed before the browser
 * paints; while the screen's code loads the outline of a page shows, never a blank area.
 */
export function DefaultRedirect() {
  const { defaultPath } = useAppSession();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    // A microtask runs after this commit and before the next paint; flushSync may not run inside it.
    queueMicrotask(() => void navigate(defaultPath, { replace: true, flushSync: true }));
  }, [navigate, defaultPath]);
  return <PageSkeleton label="Loading page" tiles={defaultPath === '/app/dashboard'} />;
}
