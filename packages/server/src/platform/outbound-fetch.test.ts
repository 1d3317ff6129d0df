import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { outboundFetch } from './outbound-fetch.ts';
import { OutboundRefused, outboundPolicy, resolveOutbound, STRICT_OUTBOUND } from './outbound.ts';

let server: Server;
let base: string;
let port: number;
const seen: { method: string; url: string; host: string; auth: string | null; body: string }[] = [];

const read = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => ok(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method!,
      url: req.url!,
      host: req.headers.host!,
      auth: req.headers.authorization ?? null,
      body: await read(req),
    });
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/to') {
      res.writeHead(Number(u.searchParams.get('status') ?? 302), { location: u.searchParams.get('where')! });
      return res.end();
    }
    if (u.pathname === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
      return res.end(gzipSync('{"ok":true}'));
    }
    if (u.pathname === '/empty') {
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'x-two': 'a' });
    res.end(`hello ${req.method}`);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  seen.length = 0;
});

const lab = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: true, OUTBOUND_ALLOW_HOSTS: [] });
/** Only the literal 127.0.0.1 is open. */
const one = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: false, OUTBOUND_ALLOW_HOSTS: ['127.0.0.1'] });

describe('outboundFetch', () => {
  it('refuses a loopback address by default without connecting', async () => {
    const err = await outboundFetch(`${base}/x`, {}, STRICT_OUTBOUND).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as Error).message).toBe(
      'The address 127.0.0.1 is in a loopback range (127.0.0.0/8), which Vigil does not connect to.',
    );
    expect(seen).toHaveLength(0);
  });

  it('refuses a name that resolves to loopback, and schemes other than http and https', async () => {
    await expect(outboundFetch(`http://localhost:${port}/`, {}, STRICT_OUTBOUND)).rejects.toThrow(
      /^The host localhost resolves to .* loopback range/,
    );
    await expect(outboundFetch('file:///etc/passwd', {}, lab)).rejects.toThrow(/only to http and https/);
    // Other spellings of 127.0.0.1 come out of the URL parser, or the resolver, as 127.0.0.1.
    for (const odd of [`http://2130706433:${port}/`, `http://0x7f.0.0.1:${port}/`, `http://127.1:${port}/`])
      await expect(outboundFetch(odd, {}, STRICT_OUTBOUND)).rejects.toThrow(/127\.0\.0\.1 is in a loopback range/);
    await expect(resolveOutbound('2130706433', STRICT_OUTBOUND)).rejects.toThrow(/loopback range/);
    expect(seen).toHaveLength(0);
  });

  it('behaves like fetch where the policy allows: method, body, headers, Host, gzip, 204', async () => {
    const res = await outboundFetch(`${base}/echo?q=1`, { method: 'POST', body: 'payload' }, lab);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-two')).toBe('a');
    expect(await res.text()).toBe('hello POST');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/echo?q=1', host: `127.0.0.1:${port}`, body: 'payload' });
    expect(await (await outboundFetch(`${base}/gzip`, {}, lab)).json()).toEqual({ ok: true });
    const empty = await outboundFetch(`${base}/empty`, {}, lab);
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('returns a redirect as it is unless asked to follow', async () => {
    const res = await outboundFetch(`${base}/to?where=/final`, {}, lab);
    expect(res.status).toBe(302);
    expect(seen).toHaveLength(1);
  });

  it('checks every redirect hop: a redirect into a refused range is refused', async () => {
    const where = encodeURIComponent(`http://127.0.0.2:${port}/secret`);
    const err = await outboundFetch(`${base}/to?where=${where}`, { maxRedirects: 5 }, one).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefused);
    expect(seen.map((s) => s.url)).toEqual([`/to?where=${where}`]);
    const meta = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    await expect(outboundFetch(`${base}/to?where=${meta}`, { maxRedirects: 5 }, one)).rejects.toThrow(/link-local/);
  });

  it('follows allowed redirects, turning a 303 into a GET and keeping Authorization on the same origin', async () => {
    const res = await outboundFetch(
      `${base}/to?status=303&where=/final`,
      { method: 'POST', body: 'x', headers: { authorization: 'Bearer t' }, maxRedirects: 5 },
      one,
    );
    expect(await res.text()).toBe('hello GET');
    expect(seen.map((s) => [s.method, s.url, s.auth])).toEqual([
      ['POST', '/to?status=303&where=/final', 'Bearer t'],
      ['GET', '/final', 'Bearer t'],
    ]);
  });

  it('stops when the signal fires, with its reason', async () => {
    const err = await outboundFetch(`${base}/x`, { signal: AbortSignal.abort() }, lab).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('resolveOutbound', () => {
  it('gives the checked address to connect to and the name for TLS', async () => {
    expect(await resolveOutbound('127.0.0.1', lab)).toEqual({ address: '127.0.0.1', family: 4, servername: null });
    const named = await resolveOutbound('LOCALHOST.', lab);
    expect(named.servername).toBe('localhost');
    expect(['127.0.0.1', '::1']).toContain(named.address);
  });

  it('opens allow-listed host names whatever they resolve to', async () => {
    const byName = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: false, OUTBOUND_ALLOW_HOSTS: ['localhost'] });
    await expect(resolveOutbound('localhost', byName)).resolves.toMatchObject({ servername: 'localhost' });
    await expect(resolveOutbound('127.0.0.1', byName)).rejects.toThrow(OutboundRefused);
  });
});

describe('configuration', () => {
  it('refuses private addresses on a fresh start (no outbound settings)', async () => {
    const config = loadConfig({});
    expect(config.OUTBOUND_ALLOW_PRIVATE).toBe(false);
    await expect(resolveOutbound('127.0.0.1', outboundPolicy(config))).rejects.toThrow(OutboundRefused);
  });

  it('reads the allow-list and rejects an entry that is neither a host nor an address', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: ' psa.lab , 10.0.0.0/8,fd00::1 ' }).OUTBOUND_ALLOW_HOSTS).toEqual([
      'psa.lab',
      '10.0.0.0/8',
      'fd00::1',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://psa.lab/' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });
});
