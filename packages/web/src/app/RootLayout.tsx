import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Messages } from '@vigil/contract';
import { DemoLoadingBanner } from '../components/DemoLoadingBanner';
import { useSnackbar } from '../components/snackbar';
import { useOnline } from '../lib/online';
import { queryClient } from '../lib/queries';
import { sessionEvents } from '../lib/session';

/** Navigation scrolls to the top on each route change (platform §2). */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

/**
 * An expired session resets the cached app state. The stored auth is already cleared, so the
 * RequireAuth guard sends the user to login, with the session-expired message.
 */
function SessionWatcher() {
  useEffect(() => sessionEvents.on('session-expired', () => queryClient.clear()), []);
  return null;
}

/** "You are online!" when the connection returns (platform §8). */
function OnlineNotifier() {
  const online = useOnline();
  const snackbar = useSnackbar();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      snackbar.success(Messages.online);
    }
  }, [online, snackbar]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <SessionWatcher />
      <OnlineNotifier />
      <Outlet />
      <DemoLoadingBanner />
    </>
  );
}
