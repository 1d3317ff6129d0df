import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_HEADER,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  ApiKeyMessages,
  PUBLIC_API_RATE_LIMIT,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { HttpError, unauthorized } from '../errors.ts';

/**
 * Tenant API keys at the door of the public REST API. A key is 32 random bytes (256 bits) in
 * base64url after a recognisable prefix; only its SHA-256 is stored, which is enough for a secret
 * of that entropy (no salt or slow hash needed: there is nothing to guess). The first characters
 * stay in clear so a list can show which key is which.
 */

/** Who is calling the public API: a key of one tenant. */
export interface ApiKeyContext {
  id: number;
  tenantId: number;
  /** Rows this request returned, added to the day's usage when the reply goes out. */
  rows: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyContext | null;
  }
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), hash: hashApiKey(key) };
}

/** The tenant of a key-authenticated request. */
export function keyTenantOf(req: FastifyRequest): number {
  if (!req.apiKey) throw unauthorized(ApiKeyMessages.missing);
  return req.apiKey.tenantId;
}

/** Counts the rows a public API answer carries into the key's usage of the day. */
export function countRows(req: FastifyRequest, rows: number): void {
  if (req.apiKey) req.apiKey.rows += rows;
}

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per key, kept in this process. Each API node counts its own
 * requests (see docs/decisions.md); the window starts with a key's first request.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly limit = PUBLIC_API_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from the key's window. */
  take(keyId: number): { allowed: boolean; remaining: number; resetSeconds: number } {
    const now = this.now();
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    if (w.count >= this.limit) return { allowed: false, remaining: 0, resetSeconds };
    w.count += 1;
    return { allowed: true, remaining: this.limit - w.count, resetSeconds };
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(id);
  }
}

/** Authenticates the `ApiKey` header, applies the key's rate limit and records its usage. */
export class ApiKeyGate {
  readonly limiter: KeyRateLimiter;

  constructor(
    private readonly database: Database,
    limiter?: KeyRateLimiter,
  ) {
    this.limiter = limiter ?? new KeyRateLimiter();
  }

  async authenticate(req: FastifyRequest, reply: FastifyReply): Promise<ApiKeyContext> {
    const raw = req.headers[API_KEY_HEADER.toLowerCase()];
    const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!key) throw unauthorized(ApiKeyMessages.missing);
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized(ApiKeyMessages.invalid);
    const r = await this.database.query<{ id: number; tenant_id: number }>(
      `SELECT k.id, k.tenant_id FROM api_keys k JOIN tenants t ON t.id = k.tenant_id
        WHERE k.key_hash = $1 AND t.is_enabled`,
      [hashApiKey(key)],
    );
    const row = r.rows[0];
    if (!row) throw unauthorized(ApiKeyMessages.invalid);
    const ctx: ApiKeyContext = { id: row.id, tenantId: row.tenant_id, rows: 0 };
    // Set before the limit check: a refused request still counts as a request of this key.
    req.apiKey = ctx;
    const window = this.limiter.take(ctx.id);
    reply.header('X-RateLimit-Limit', PUBLIC_API_RATE_LIMIT);
    reply.header('X-RateLimit-Remaining', window.remaining);
    reply.header('X-RateLimit-Reset', window.resetSeconds);
    if (!window.allowed) {
      reply.header('Retry-After', window.resetSeconds);
      throw new HttpError(429, ApiKeyMessages.tooMany(window.resetSeconds));
    }
    return ctx;
  }

  /** One request (and its rows) into the key's usage of the UTC day; the key was used just now. */
  async record(ctx: ApiKeyContext): Promise<void> {
    await this.database.query(
      `WITH used AS (UPDATE api_keys SET last_used_at = now() WHERE id = $1 RETURNING id)
       INSERT INTO api_key_usage (tenant_id, api_key_id, day, requests, rows)
       SELECT $2, id, (now() AT TIME ZONE 'UTC')::date, 1, $3 FROM used
       ON CONFLICT (api_key_id, day)
       DO UPDATE SET requests = api_key_usage.requests + 1, rows = api_key_usage.rows + EXCLUDED.rows`,
      [ctx.id, ctx.tenantId, ctx.rows],
    );
  }
}
