import { randomBytes } from 'node:crypto';
import { AZURE_NOT_VALID_TOKENS } from '@vigil/contract';
import type { Secrets } from '../../../platform/secrets.ts';

/**
 * The delegated sign-in of an admin during the guided Azure set-up: kept on this server only,
 * sealed under the master key, for 30 minutes. The browser holds an opaque handle; the tokens
 * themselves never leave the server.
 */
export const SESSION_TTL_MS = 30 * 60_000;
const MAX_SESSIONS = 2000;
const CONTEXT = 'azure-helper-session';

/** A failure of the set-up itself (not Microsoft's): answered with its code and message. */
export class HelperError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'HelperError';
  }
}

export const notValidTokens = () => new HelperError('InvalidTokens', AZURE_NOT_VALID_TOKENS);

export interface HelperSessionData {
  userName: string | null;
  /** The refresh token; access tokens for a tenant and resource are redeemed from it. */
  refresh: string;
  /** Access tokens by `tenant|resource`, with their expiry (ms). */
  access: Record<string, { token: string; exp: number }>;
}

interface Entry {
  tenantId: number;
  userId: number;
  expiresAt: number;
  sealed: string;
}

export class HelperSessions {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly secrets: Secrets) {}

  create(tenantId: number, userId: number, data: HelperSessionData, now = Date.now()): { id: string; expiresAt: Date } {
    this.sweep(now);
    while (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    const id = randomBytes(24).toString('base64url');
    const expiresAt = now + SESSION_TTL_MS;
    this.entries.set(id, { tenantId, userId, expiresAt, sealed: this.secrets.seal(JSON.stringify(data), CONTEXT) });
    return { id, expiresAt: new Date(expiresAt) };
  }

  /** The session's tokens, only for the admin who signed in; anything else is "Not valid Tokens". */
  read(id: string, tenantId: number, userId: number, now = Date.now()): HelperSessionData {
    const e = this.entries.get(id);
    if (!e || e.expiresAt <= now || e.tenantId !== tenantId || e.userId !== userId) {
      if (e && e.expiresAt <= now) this.entries.delete(id);
      throw notValidTokens();
    }
    const plain = this.secrets.open(e.sealed, CONTEXT);
    if (!plain) throw notValidTokens();
    return JSON.parse(plain) as HelperSessionData;
  }

  update(id: string, data: HelperSessionData): void {
    const e = this.entries.get(id);
    if (e) e.sealed = this.secrets.seal(JSON.stringify(data), CONTEXT);
  }

  end(id: string): void {
    this.entries.delete(id);
  }

  private sweep(now: number) {
    for (const [id, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(id);
  }
}
