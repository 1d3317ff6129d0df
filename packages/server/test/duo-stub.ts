import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

/** One Duo application registered at the stub. */
export interface DuoStubApp {
  clientId: string;
  clientSecret: string;
}

export interface DuoStub {
  /** `127.0.0.1:<port>`: the API hostname a tenant enters. */
  apiHost: string;
  /** The stub's self-signed certificate (PEM), for DUO_EXTRA_CA_FILE. */
  caPem: string;
  caFile: string;
  /** Mutable: what Duo answers for a user (default allow). */
  decisions: Map<string, 'allow' | 'deny'>;
  /** Mutable: sign the next ID tokens with a wrong key (a forged answer). */
  forgeTokens: boolean;
  /** Mutable: the health check reports Duo down. */
  down: boolean;
  /** Tokens handed out, by user. */
  exchanges: string[];
  /**
   * What a person at Duo's prompt does: checks the signed request of an authorization URL,
   * decides as `decisions` says, and returns where Duo sends the browser back.
   */
  approve(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl. */
function selfSigned(): { key: string; cert: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'duo-stub-'));
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr || made.error}`);
  return {
    key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    dir,
  };
}

async function readForm(req: import('node:http').IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

/**
 * A local stand-in for Duo's OAuth 2.0 / OIDC endpoints as Duo's Node library uses them, over
 * HTTPS with a self-signed certificate: the health check and the token exchange check the
 * client's HS512 assertion; the authorize page checks the signed request and shows Approve and
 * Deny; the token endpoint answers with an HS512 ID token (issuer the token endpoint, audience
 * the client id, `preferred_username` the Duo user, `auth_result` the decision).
 */
export async function startDuoStub(opts: { apps: DuoStubApp[]; port?: number; caFile?: string }): Promise<DuoStub> {
  const tls = selfSigned();
  const caFile = opts.caFile ?? path.join(tls.dir, 'ca.pem');
  writeFileSync(caFile, tls.cert);
  const secretOf = (id: string) => opts.apps.find((a) => a.clientId === id)?.clientSecret;
  const codes = new Map<string, { clientId: string; user: string; redirectUri: string; decision: 'allow' | 'deny' }>();
  let origin = '';

  const stub: DuoStub = {
    apiHost: '',
    caPem: tls.cert,
    caFile,
    decisions: new Map(),
    forgeTokens: false,
    down: false,
    exchanges: [],
    approve: async (authorizationUrl) => {
      const pending = await checkRequest(new URL(authorizationUrl));
      return decide(
        pending.clientId,
        pending.user,
        pending.redirectUri,
        pending.state,
        stub.decisions.get(pending.user) ?? 'allow',
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(tls.dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };

  const assertionOk = async (form: URLSearchParams, endpoint: string) => {
    const clientId = form.get('client_id') ?? '';
    const secret = secretOf(clientId);
    if (!secret) return false;
    try {
      await jwtVerify(form.get('client_assertion') ?? '', new TextEncoder().encode(secret), {
        algorithms: ['HS512'],
        issuer: clientId,
        subject: clientId,
        audience: `${origin}${endpoint}`,
      });
      return true;
    } catch {
      return false;
    }
  };

  async function checkRequest(url: URL) {
    const clientId = url.searchParams.get('client_id') ?? '';
    const secret = secretOf(clientId);
    if (!secret) throw new Error('unknown client');
    const { payload } = await jwtVerify(url.searchParams.get('request') ?? '', new TextEncoder().encode(secret), {
      algorithms: ['HS512'],
      issuer: clientId,
      audience: origin,
    });
    return {
      clientId,
      user: String(payload.duo_uname),
      state: String(payload.state),
      redirectUri: String(payload.redirect_uri),
    };
  }

  function decide(clientId: string, user: string, redirectUri: string, state: string, decision: 'allow' | 'deny') {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { clientId, user, redirectUri, decision });
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    back.searchParams.set('duo_code', code);
    return back.href;
  }

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (req.method === 'POST' && url.pathname === '/oauth/v1/health_check') {
        const form = await readForm(req);
        if (!(await assertionOk(form, '/oauth/v1/health_check')))
          return json(res, 400, {
            stat: 'FAIL',
            code: 40002,
            message: 'invalid_client',
            message_detail: 'The client assertion is invalid.',
          });
        if (stub.down)
          return json(res, 503, {
            stat: 'FAIL',
            code: 50301,
            message: 'Service unavailable',
            message_detail: 'Down for maintenance.',
          });
        return json(res, 200, { stat: 'OK', response: { timestamp: Math.floor(Date.now() / 1000) } });
      }
      if (req.method === 'GET' && url.pathname === '/oauth/v1/authorize') {
        const p = await checkRequest(url).catch(() => null);
        if (!p)
          return json(res, 400, {
            error: 'invalid_request',
            error_description: 'The request is not signed by a known client.',
          });
        const link = (d: 'allow' | 'deny') =>
          `/oauth/v1/authorize/decide?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: d })}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Duo Security</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem 2.5rem;border-radius:12px;box-shadow:0 2px 12px #0002;text-align:center}
a{display:inline-block;margin:.5rem;padding:.7rem 1.4rem;border-radius:8px;text-decoration:none;font-weight:600}
.ok{background:#2b7a3d;color:#fff}.no{background:#eee;color:#333}</style></head>
<body><main><h1>Duo Security</h1><p>Approve the sign-in of <strong>${escapeHtml(p.user)}</strong>?</p>
<a class="ok" href="${escapeHtml(link('allow'))}">Approve</a><a class="no" href="${escapeHtml(link('deny'))}">Deny</a></main></body></html>`);
      }
      if (req.method === 'GET' && url.pathname === '/oauth/v1/authorize/decide') {
        const p = await checkRequest(url).catch(() => null);
        if (!p) return json(res, 400, { error: 'invalid_request' });
        const decision = url.searchParams.get('decision') === 'deny' ? 'deny' : 'allow';
        res.writeHead(302, { location: decide(p.clientId, p.user, p.redirectUri, p.state, decision) });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/v1/token') {
        const form = await readForm(req);
        if (!(await assertionOk(form, '/oauth/v1/token')))
          return json(res, 400, { error: 'invalid_client', error_description: 'The client assertion is invalid.' });
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.clientId !== form.get('client_id') || code.redirectUri !== form.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid.' });
        stub.exchanges.push(code.user);
        const now = Math.floor(Date.now() / 1000);
        const key = stub.forgeTokens ? randomBytes(40).toString('hex') : secretOf(code.clientId)!;
        const result = {
          result: code.decision,
          status: code.decision,
          status_msg: code.decision === 'allow' ? 'Logged in' : 'Login denied',
        };
        const idToken = await new SignJWT({
          preferred_username: code.user,
          auth_time: now,
          auth_result: result,
          auth_context: {
            result: code.decision,
            reason: code.decision === 'allow' ? 'user_approved' : 'user_marked_fraud',
            factor: 'duo_push',
            user: { name: code.user },
          },
        })
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuer(`${origin}/oauth/v1/token`)
          .setAudience(code.clientId)
          .setSubject(code.user)
          .setIssuedAt(now)
          .setExpirationTime(now + 300)
          .sign(new TextEncoder().encode(key));
        return json(res, 200, {
          id_token: idToken,
          access_token: randomBytes(16).toString('hex'),
          expires_in: 300,
          token_type: 'Bearer',
        });
      }
      json(res, 404, { stat: 'FAIL', code: 40401, message: 'Not found' });
    })().catch((err: unknown) => json(res, 500, { stat: 'FAIL', message: String(err) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `https://127.0.0.1:${port}`;
  stub.apiHost = `127.0.0.1:${port}`;
  return stub;
}
