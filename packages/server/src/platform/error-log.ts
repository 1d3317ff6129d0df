import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { errorLogs } from '../db/schema/index.ts';

export interface ErrorEntry {
  type: 'server' | 'client' | 'job';
  source: string;
  message: string;
  detail?: string | null;
  tenantId?: number | null;
  userId?: number | null;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Writes one row of the error log (Admin Portal → Error Logs). Never throws: a failure to log
 * must not turn into a second failure of the request or job that is being logged.
 */
export async function recordError(database: Database, e: ErrorEntry): Promise<void> {
  try {
    await database.db.insert(errorLogs).values({
      type: e.type,
      source: clip(e.source, 500),
      message: clip(e.message || 'Error', 2000),
      detail: e.detail ? clip(e.detail, 16_000) : null,
      tenantId: e.tenantId ?? null,
      userId: e.userId ?? null,
    });
  } catch (err) {
    console.error('[error-log]', err instanceof Error ? err.message : err);
  }
}

/** The error log entry of a request the server answered with a 5xx. */
export function serverErrorEntry(err: unknown, req: FastifyRequest): ErrorEntry {
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    type: 'server',
    source: `${req.method} ${req.routeOptions?.url ?? req.url.split('?')[0]}`,
    message: e.message,
    detail: e.stack ?? null,
    tenantId: req.auth?.tenantId ?? null,
    userId: req.auth?.userId ?? null,
  };
}
