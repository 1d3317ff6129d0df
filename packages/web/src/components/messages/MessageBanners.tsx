import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { isMessageLive, matchesLocation } from '@vigil/contract';
import { DISMISSED_KEY, dismissMessage, isDismissed } from '../../lib/dismissedMessages';
import { browserStorage } from '../../lib/storage';
import { useActiveMessages } from '../../lib/appMessages';
import { realtime } from '../../lib/realtime';
import { MessageBanner } from './MessageBanner';

/** Re-renders when another tab dismisses a message (the `storage` event). */
let dismissals = 0;
const dismissListeners = new Set<() => void>();
const notifyDismissed = () => {
  dismissals += 1;
  for (const fn of dismissListeners) fn();
};
function subscribeDismissed(fn: () => void) {
  dismissListeners.add(fn);
  const onStorage = (e: StorageEvent) => e.key === DISMISSED_KEY && notifyDismissed();
  window.addEventListener('storage', onStorage);
  return () => {
    dismissListeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/** A clock that moves every 30 s, so scheduled messages appear and end on time. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * App messages in the shell (features §4.5): the live ones whose Locations match the current
 * path, newest first, most severe first; dismissible ones hide once dismissed until their text
 * changes. Mounting this joins the browser's real-time connection.
 */
export function MessageBanners() {
  useEffect(() => realtime.acquire(), []);
  const { pathname } = useLocation();
  const messages = useActiveMessages();
  const now = useMinuteClock();
  useSyncExternalStore(subscribeDismissed, () => dismissals);
  const storage = browserStorage();

  const shown = (messages.data ?? [])
    .filter((m) => isMessageLive(m, now) && matchesLocation(m.Locations, pathname))
    .filter((m) => !(m.IsDismissible && isDismissed(storage, m)))
    .sort((a, b) => b.Severity - a.Severity || b.UpdatedAt.localeCompare(a.UpdatedAt));
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-label="Announcements" sx={{ display: 'flex', flexDirection: 'column' }}>
      {shown.map((m) => (
        <MessageBanner
          key={m.Id}
          square
          message={m}
          onDismiss={
            m.IsDismissible
              ? () => {
                  dismissMessage(storage, m);
                  notifyDismissed();
                }
              : undefined
          }
        />
      ))}
    </Box>
  );
}
