// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { Messages, SSO_MESSAGE_TYPE } from '@vigil/contract';
import { SsoPopupError, signInWithPopup, type SsoPopupEnvironment } from './ssoPopup';

function setup(opts: { blocked?: boolean } = {}) {
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  const listeners = new Set<(e: { origin: string; source: unknown; data: unknown }) => void>();
  let tick: (() => void) | null = null;
  const timeouts: (() => void)[] = [];
  const open = vi.fn(() => (opts.blocked ? null : popup));
  const env: SsoPopupEnvironment = {
    origin: 'https://app.vigil.example',
    open,
    addMessageListener(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setInterval: (fn, ms) => {
      expect(ms).toBe(500);
      tick = fn;
      return 1;
    },
    clearInterval: () => (tick = null),
    setTimeout: (fn) => timeouts.push(fn),
    screen: () => ({ left: 0, top: 0, width: 1400, height: 1000 }),
  };
  const post = (data: unknown, origin = env.origin, source: unknown = popup) =>
    [...listeners].forEach((l) => l({ origin, source, data }));
  const poll = () => {
    tick?.();
    timeouts.splice(0).forEach((fn) => fn());
  };
  return { env, popup, open, post, poll, listeners };
}

const tokens = {
  type: SSO_MESSAGE_TYPE,
  outcome: 'tokens',
  provider: 'microsoft',
  accessToken: 'a.b.c',
  refreshToken: 'r'.repeat(20),
};

describe('the sign-in popup', () => {
  it('opens 700x500 centred and resolves with the tokens the popup posts from our origin', async () => {
    const s = setup();
    const result = signInWithPopup('/api/auth/oidc/microsoft/start', s.env);
    expect(s.open).toHaveBeenCalledWith(
      '/api/auth/oidc/microsoft/start',
      'vigil-sign-in',
      'width=700,height=500,left=350,top=250,resizable=yes,scrollbars=yes',
    );
    s.post(tokens);
    await expect(result).resolves.toEqual(tokens);
    expect(s.listeners.size).toBe(0);
  });

  it('ignores messages from another origin or another window', async () => {
    const s = setup();
    const result = signInWithPopup('/start', s.env);
    s.post(tokens, 'https://evil.example');
    s.post(tokens, s.env.origin, { other: 'window' });
    s.post({ hello: 'world' });
    s.popup.closed = true;
    s.poll();
    await expect(result).rejects.toThrow(Messages.popupClosed);
  });

  it("says 'User cancelled the flow.' when the popup is closed without a result", async () => {
    const s = setup();
    const result = signInWithPopup('/start', s.env);
    s.poll();
    s.popup.closed = true;
    s.poll();
    const err = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SsoPopupError);
    expect((err as SsoPopupError).code).toBe('popup_closed');
    expect((err as Error).message).toBe('User cancelled the flow.');
  });

  it('reports a blocked popup', async () => {
    const s = setup({ blocked: true });
    await expect(signInWithPopup('/start', s.env)).rejects.toThrow(Messages.popupFailedToOpen);
  });

  it('reports the error the provider or the server gave, as given', async () => {
    const s = setup();
    const result = signInWithPopup('/start', s.env);
    s.post({
      type: SSO_MESSAGE_TYPE,
      outcome: 'error',
      provider: 'google',
      Message: 'access_denied: End-User aborted interaction',
    });
    await expect(result).rejects.toThrow('access_denied: End-User aborted interaction');
  });

  it('takes a result posted just before the window closed', async () => {
    const s = setup();
    const result = signInWithPopup('/start', s.env);
    s.popup.closed = true;
    s.env.setTimeout = (fn) => {
      s.post(tokens);
      fn();
    };
    s.poll();
    await expect(result).resolves.toMatchObject({ outcome: 'tokens' });
  });
});
