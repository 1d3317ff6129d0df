import type { OutboundPolicy } from '../../../platform/outbound.ts';

/** One recorded exchange, for the stored responses kept for support (secrets removed). */
export interface PsaExchange {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  body: string;
}

export interface PsaClientOptions {
  /** Called after every HTTP exchange (stored responses). */
  record?: (e: PsaExchange) => void;
  /** Request timeout; default 30 s. */
  timeoutMs?: number;
  /** Retries of 429/5xx/network failures with backoff (Retry-After honoured); default 3. */
  maxRetries?: number;
  /** For tests: scales every backoff wait (0 makes retries immediate). */
  backoffScale?: number;
  /** Which addresses the client may reach; without one, nothing private or local. */
  outbound?: OutboundPolicy;
  /**
   * An overall deadline (connection, answer and retries together): once it fires the request in
   * flight is aborted and no retry is tried. Validation uses it so a dead address answers quickly.
   */
  deadline?: AbortSignal;
}

export type { PsaClient, PsaTicketInput, PsaTicketRef, PsaTicket } from './client-types.ts';
export { PsaError, PsaRefused } from './errors.ts';
