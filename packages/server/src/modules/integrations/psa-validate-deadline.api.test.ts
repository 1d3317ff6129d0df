import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWiseStubCredentials } from '../../../test/psa-stubs/connectwise.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let blackHole: Server;
const sockets = new Set<Socket>();
let url: string;

beforeAll(async () => {
  t = await testApp({ PSA_ALLOW_HTTP: 'true' });
  // Takes the connection and never says a word: the PSA behind a firewall that drops, or a dead proxy.
  blackHole = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', r));
  const address = blackHole.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => blackHole?.close(r));
  await t?.close();
});

describe('validating a PSA that never answers', () => {
  it('answers within five seconds, saying the PSA did not answer', async () => {
    const admin = await t.as('admin');
    const started = Date.now();
    const r = await admin('POST', '/api/integration/crm/connectwise/validate', {
      Credentials: connectWiseStubCredentials(url),
    });
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ IsValid: false, Message: `The PSA at ${url} did not answer within 5 seconds` });
    expect(took).toBeLessThan(6000);
    expect(took).toBeGreaterThanOrEqual(4900);
  }, 60_000);

  it('saving such credentials is refused with the same message in the error format', async () => {
    const admin = await t.as('admin');
    const started = Date.now();
    const r = await admin('POST', '/api/integration/crm/connectwise', { Credentials: connectWiseStubCredentials(url) });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      statusCode: 400,
      Message: `The PSA at ${url} did not answer within 5 seconds`,
      Errors: [{ Field: 'Credentials', Message: `The PSA at ${url} did not answer within 5 seconds` }],
    });
  }, 60_000);
});
