import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createBrowserWindowManager, type ManagedWindow, type WindowManager } from '../lib/windows';
import { sessionEvents } from '../lib/session';
import { useSnackbar } from './snackbar';

const WindowManagerContext = createContext<WindowManager | null>(null);

/** One popup window manager per tab; a blocked popup is reported through the snackbar. */
export function WindowManagerProvider({ children }: { children: ReactNode }) {
  const snackbar = useSnackbar();
  const [manager] = useState(() => createBrowserWindowManager((message) => snackbar.warning(message)));
  useEffect(() => {
    // Signing out closes the windows that belong to the session.
    const off = [
      sessionEvents.on('logout', () => manager.closeAll()),
      sessionEvents.on('session-expired', () => manager.closeAll()),
    ];
    return () => off.forEach((f) => f());
  }, [manager]);
  return <WindowManagerContext.Provider value={manager}>{children}</WindowManagerContext.Provider>;
}

export function useWindowManager(): WindowManager {
  const ctx = useContext(WindowManagerContext);
  if (!ctx) throw new Error('useWindowManager must be used inside WindowManagerProvider');
  return ctx;
}

export function useOpenWindows(): readonly ManagedWindow[] {
  const manager = useWindowManager();
  return useSyncExternalStore(manager.subscribe, manager.list, manager.list);
}
