import { ApiClient, type LockManagerLike } from './api';
import { AuthStore } from './auth';
import { createEmitter } from './emitter';
import { browserStorage } from './storage';

/** Session events of platform §4: an expired session and a deliberate logout. */
export interface SessionEvents extends Record<string, unknown> {
  'session-expired': void;
  logout: void;
}

export const sessionEvents = createEmitter<SessionEvents>();

export const authStore = new AuthStore(browserStorage());
if (typeof window !== 'undefined') authStore.listenToOtherTabs(window);

function browserLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return null;
  const locks = navigator.locks;
  return { request: <T>(name: string, cb: () => Promise<T>) => locks.request(name, cb) as Promise<T> };
}

let expired = false;
sessionEvents.on('session-expired', () => {
  expired = true;
});
sessionEvents.on('logout', () => {
  expired = false;
});
authStore.subscribe(() => {
  if (authStore.get()) expired = false;
});

/** True after a failed refresh ended the session, until the next sign-in or logout. */
export function sessionHasExpired(): boolean {
  return expired;
}

export const api = new ApiClient({
  store: authStore,
  locks: browserLocks(),
  onSessionExpired: () => sessionEvents.emit('session-expired'),
});
