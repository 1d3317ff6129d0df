// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, isSignInCall, type LockManagerLike } from './api';
import { AuthStore, authFromTokens } from './auth';
import { memoryStorage } from './storage';
import { tokenPair } from './testing';

const NOW = 1_000_000_000_000; // ms
const nowS = NOW / 1000;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: unknown;
}

function setup(options: { exp?: number; locks?: LockManagerLike | null } = {}) {
  const storage = memoryStorage();
  const store = new AuthStore(storage, 'vigil.auth');
  store.setTokens(tokenPair(1, options.exp ?? nowS + 600));
  const calls: Call[] = [];
  let rotation = 1;
  let handler: (c: Call) => Response | Promise<Response> = () => json(200, { ok: true });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      auth: headers.Authorization ?? null,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  const onSessionExpired = vi.fn();
  const client = new ApiClient({
    store,
    fetch,
    now: () => NOW,
    locks: options.locks ?? null,
    onSessionExpired,
  });
  const refreshOk = () => {
    rotation += 1;
    return json(200, tokenPair(rotation, nowS + 900));
  };
  return {
    store,
    storage,
    client,
    calls,
    onSessionExpired,
    refreshOk,
    setHandler: (h: typeof handler) => {
      handler = h;
    },
    bearer: (n: number) => `Bearer ${tokenPair(n, n === 1 ? (options.exp ?? nowS + 600) : nowS + 900).accessToken}`,
  };
}

const isRefresh = (c: Call) => c.method === 'PUT' && c.url.endsWith('/api/UserAuth/Login');

describe('ApiClient', () => {
  it('sends the bearer token and JSON body, and returns the parsed answer', async () => {
    const t = setup();
    t.setHandler(() => json(200, { Name: 'Demo MSP' }));
    await expect(t.client.post('/api/x', { a: 1 }, { query: { page: 2, skip: undefined } })).resolves.toEqual({
      Name: 'Demo MSP',
    });
    expect(t.calls[0]).toMatchObject({ method: 'POST', url: '/api/x?page=2', auth: t.bearer(1), body: { a: 1 } });
  });

  it('sends no token on public calls', async () => {
    const t = setup();
    await t.client.post('/api/user/reset-password', { Email: 'a@b.c' }, { auth: false });
    expect(t.calls[0].auth).toBeNull();
  });

  it('rejects with status, statusText, data and the resolved message', async () => {
    const t = setup();
    t.setHandler(() => json(403, { Message: '', title: 'Forbidden', statusCode: 403 }));
    const err = await t.client.get('/api/admin/tenants').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, data: { title: 'Forbidden' }, message: 'Forbidden' });
  });

  it('refreshes first when the token is within 10 seconds of expiry', async () => {
    const t = setup({ exp: nowS + 9 });
    t.setHandler((c) => (isRefresh(c) ? t.refreshOk() : json(200, {})));
    await t.client.get('/api/user/authorized');
    expect(t.calls.map((c) => c.method)).toEqual(['PUT', 'GET']);
    expect(t.calls[0].body).toEqual({
      accessToken: tokenPair(1, nowS + 9).accessToken,
      refreshToken: 'refresh-token-1',
    });
    expect(t.calls[1].auth).toBe(t.bearer(2));
    expect(t.store.get()?.refreshToken).toBe('refresh-token-2');
  });

  it('on 401 refreshes once and retries once', async () => {
    const t = setup();
    t.setHandler((c) => {
      if (isRefresh(c)) return t.refreshOk();
      return c.auth === t.bearer(1) ? json(401, { Message: 'expired' }) : json(200, { ok: 1 });
    });
    await expect(t.client.get('/api/common/settings')).resolves.toEqual({ ok: 1 });
    expect(t.calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('does not loop when the retried call is refused again', async () => {
    const t = setup();
    t.setHandler((c) => (isRefresh(c) ? t.refreshOk() : json(401, { Message: 'still no' })));
    await expect(t.client.get('/api/x')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(t.calls.filter(isRefresh)).toHaveLength(1);
    expect(t.calls).toHaveLength(3);
  });

  it('shares one refresh between simultaneous 401s', async () => {
    const t = setup();
    t.setHandler(async (c) => {
      if (isRefresh(c)) {
        await new Promise((r) => setTimeout(r, 5));
        return t.refreshOk();
      }
      return c.auth === t.bearer(1) ? json(401, {}) : json(200, { url: c.url });
    });
    const results = await Promise.all(['/a', '/b', '/c', '/d', '/e'].map((p) => t.client.get(p)));
    expect(results.map((r) => (r as { url: string }).url)).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(t.calls.filter(isRefresh)).toHaveLength(1);
  });

  it('never refreshes for the sign-in calls themselves', async () => {
    const t = setup();
    t.setHandler(() => json(401, { Message: 'The e-mail address or password is incorrect.' }));
    await expect(
      t.client.post('/api/UserAuth/Login', { UserName: 'a', Password: 'b' }, { auth: false }),
    ).rejects.toMatchObject({ message: 'The e-mail address or password is incorrect.' });
    expect(t.calls).toHaveLength(1);
    expect(isSignInCall('/api/UserAuth/Login')).toBe(true);
    expect(isSignInCall('/api/userauth/login/')).toBe(true);
    expect(isSignInCall('/api/UserAuth/logout')).toBe(false);
  });

  it('clears the session and reports it when the refresh is refused', async () => {
    const t = setup();
    t.setHandler((c) => (isRefresh(c) ? json(401, { Message: 'The refresh token is not valid.' }) : json(401, {})));
    await expect(Promise.all([t.client.get('/a'), t.client.get('/b')])).rejects.toMatchObject({
      status: 401,
      message: 'Your session has expired. Please log back in.',
    });
    expect(t.store.get()).toBeNull();
    expect(t.storage.getItem('vigil.auth')).toBeNull();
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(t.calls.filter(isRefresh)).toHaveLength(1);
  });

  it('sends the request without a token when the up-front refresh fails', async () => {
    const t = setup({ exp: nowS - 100 });
    t.setHandler((c) => (isRefresh(c) ? json(401, {}) : json(401, {})));
    await expect(t.client.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(t.calls.map((c) => [c.method, c.auth])).toEqual([
      ['PUT', null],
      ['GET', null],
    ]);
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails on the network', async () => {
    const t = setup();
    t.setHandler((c) => {
      if (isRefresh(c)) throw new TypeError('Failed to fetch');
      return json(401, {});
    });
    await expect(t.client.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(t.store.get()?.refreshToken).toBe('refresh-token-1');
    expect(t.onSessionExpired).not.toHaveBeenCalled();
  });

  it('raises Not authorized when no token is stored at refresh', async () => {
    const t = setup();
    t.store.clear();
    await expect(t.client.refresh()).rejects.toThrow('Not authorized');
    expect(t.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes under the cross-tab lock and uses a token another tab already rotated', async () => {
    const names: string[] = [];
    let otherTab: (() => void) | null = null;
    const locks: LockManagerLike = {
      request: async (name, cb) => {
        names.push(name);
        otherTab?.(); // another tab held the lock and rotated the tokens meanwhile
        return cb();
      },
    };
    const t = setup({ exp: nowS + 5, locks });
    otherTab = () => t.storage.setItem('vigil.auth', JSON.stringify(authFromTokens(tokenPair(5, nowS + 900))));
    await t.client.get('/api/x');
    expect(names).toEqual(['vigil-refresh']);
    expect(t.calls.filter(isRefresh)).toHaveLength(0);
    expect(t.calls[0].auth).toBe(`Bearer ${tokenPair(5, nowS + 900).accessToken}`);
    expect(t.store.get()?.refreshToken).toBe('refresh-token-5');
  });

  it('keeps at most 4 requests on the wire', async () => {
    const t = setup();
    let inFlight = 0;
    let peak = 0;
    t.setHandler(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight -= 1;
      return json(200, {});
    });
    await Promise.all(Array.from({ length: 12 }, (_, i) => t.client.get(`/r/${i}`)));
    expect(peak).toBe(4);
    expect(t.calls).toHaveLength(12);
  });

  it('lets a refresh through while the queue is full of 401s', async () => {
    const t = setup();
    t.setHandler(async (c) => {
      if (isRefresh(c)) return t.refreshOk();
      await new Promise((r) => setTimeout(r, 1));
      return c.auth === t.bearer(1) ? json(401, {}) : json(200, {});
    });
    await expect(Promise.all(Array.from({ length: 8 }, (_, i) => t.client.get(`/q/${i}`)))).resolves.toHaveLength(8);
    expect(t.calls.filter(isRefresh)).toHaveLength(1);
  });

  it('sends FormData as multipart (no JSON content type) and can read answers as text or bytes', async () => {
    const storage = memoryStorage();
    const store = new AuthStore(storage, 'vigil.auth');
    store.setTokens(tokenPair(1, nowS + 600));
    const seen: RequestInit[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      seen.push(init);
      if (url.startsWith('/api/upload')) return json(200, { identifier: 'abc' });
      if (url.startsWith('/api/missing')) return json(404, { Message: 'Not found' });
      return new Response('From: a@b.c\r\n\r\n{"looks":"like json"}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new ApiClient({ store, fetch, now: () => NOW });
    const form = new FormData();
    form.append('email', new Blob(['raw']), 'x.eml');
    await expect(client.post('/api/upload', form)).resolves.toEqual({ identifier: 'abc' });
    expect(seen[0].body).toBe(form);
    expect((seen[0].headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect((seen[0].headers as Record<string, string>).Authorization).toBe(
      `Bearer ${tokenPair(1, nowS + 600).accessToken}`,
    );

    await expect(client.get('/api/raw', { responseType: 'text' })).resolves.toBe(
      'From: a@b.c\r\n\r\n{"looks":"like json"}',
    );
    const blob = await client.get<Blob>('/api/raw', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toContain('From: a@b.c');
    // A refused download still resolves its message from the JSON error body.
    await expect(client.get('/api/missing', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
  });
});
