import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

// A built web app as the build leaves it: hashed assets with brotli and gzip copies beside them.
const script = `console.log(${JSON.stringify('vigil '.repeat(400))});\n`;
let dir: string;
let t: TestApp;
let web: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  const asset = path.join(dir, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await testApp();
  web = (await buildApp({ config: t.deps.config, database: t.database, logger: false, webRoot: dir })).app;
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends hashed assets brotli-compressed when the browser accepts it, cached for a year', async () => {
    const res = await web.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, and to the plain file for a browser that accepts neither', async () => {
    const gz = await web.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await web.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the browser check the page itself on every load, and serves it for client-side routes', async () => {
    for (const url of ['/', '/app/audit']) {
      const res = await web.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    const root = await web.inject({ url: '/' });
    expect(root.headers['cache-control']).toBe('no-cache');
  });
});
