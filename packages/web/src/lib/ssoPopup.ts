import { Messages, SSO_POPUP, type SsoPopupResult } from '@vigil/contract';
import { windowFeatures } from './windows';

/** The parts of the browser the sign-in popup needs (a fake one in unit tests). */
export interface SsoPopupEnvironment {
  origin: string;
  open(url: string, target: string, features: string): { closed: boolean; close(): void } | null;
  addMessageListener(fn: (event: { origin: string; source: unknown; data: unknown }) => void): () => void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  screen?: () => { left: number; top: number; width: number; height: number };
}

/** A sign-in the popup could not finish, with the message to show. */
export class SsoPopupError extends Error {
  constructor(
    message: string,
    public readonly code: 'popup_closed' | 'popup_failed_to_open' | 'provider',
  ) {
    super(message);
  }
}

export type SsoSuccess = Exclude<SsoPopupResult, { outcome: 'error' }>;

/**
 * Opens our sign-in route in a 700x500 popup and waits for the result it posts back (platform §9).
 * Only a message from our own origin, sent by that popup window, is taken. The popup is checked
 * every 500 ms; closed before a result means the user cancelled (platform §8).
 */
export function signInWithPopup(url: string, env: SsoPopupEnvironment): Promise<SsoSuccess> {
  return new Promise((resolve, reject) => {
    const popup = env.open(
      url,
      'vigil-sign-in',
      windowFeatures({ width: SSO_POPUP.width, height: SSO_POPUP.height }, env.screen?.()),
    );
    if (!popup) {
      reject(new SsoPopupError(Messages.popupFailedToOpen, 'popup_failed_to_open'));
      return;
    }
    // The result's reader loads while the user signs in; messages wait for it in `pending`.
    const reader = import('./ssoResult');
    const pending: Promise<void>[] = [];
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      env.clearInterval(timer);
      fn();
    };
    const stopListening = env.addMessageListener((event) => {
      if (event.origin !== env.origin || event.source !== popup) return;
      const data = event.data;
      pending.push(
        reader.then(({ parseSsoResult }) => {
          const result = parseSsoResult(data);
          if (!result) return;
          finish(() => {
            if (!popup.closed) popup.close();
            if (result.outcome === 'error') reject(new SsoPopupError(result.Message, 'provider'));
            else resolve(result);
          });
        }),
      );
    });
    const timer = env.setInterval(() => {
      if (!popup.closed || settled) return;
      // A result posted just before the window closed is still on its way: give it one turn.
      env.setTimeout(
        () =>
          void Promise.all(pending).then(() =>
            finish(() => reject(new SsoPopupError(Messages.popupClosed, 'popup_closed'))),
          ),
        50,
      );
    }, SSO_POPUP.pollMs);
  });
}

/** The real browser. */
export function browserPopupEnvironment(): SsoPopupEnvironment {
  return {
    origin: window.location.origin,
    open: (url, target, features) => window.open(url, target, features),
    addMessageListener(fn) {
      const listener = (e: MessageEvent) => fn({ origin: e.origin, source: e.source, data: e.data });
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (timer) => window.clearInterval(timer as number),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    screen: () => ({
      left: window.screenX,
      top: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    }),
  };
}
