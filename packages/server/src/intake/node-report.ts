import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { SpoolStatus } from './spooled-smtp.ts';

/** The name a node reports under: its host and spool folder, so a restart keeps the same row. */
export const intakeNodeName = (spoolDir: string) => `${os.hostname()}:${path.resolve(spoolDir)}`;

export async function reportIntakeNode(database: Database, node: string, s: SpoolStatus): Promise<void> {
  await database.query(
    `INSERT INTO intake_nodes (node, spooled, spooled_bytes, oldest_spooled_at, set_aside, reported_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (node) DO UPDATE SET spooled = EXCLUDED.spooled, spooled_bytes = EXCLUDED.spooled_bytes,
       oldest_spooled_at = EXCLUDED.oldest_spooled_at, set_aside = EXCLUDED.set_aside, reported_at = now()`,
    [node, s.spooled, s.spooledBytes, s.oldestSpooledAt === null ? null : new Date(s.oldestSpooledAt), s.setAside],
  );
}

/**
 * Reports the node's spool now and every `everyMs` (SPOOL_REPORT_SECONDS), so the Admin Portal counts e-mails that are
 * answered and not yet filed; `stop` sends a last report (an empty spool after a clean stop).
 */
export function startIntakeReports(
  database: Database,
  node: string,
  status: () => SpoolStatus,
  log: { warn(details: object, message: string): void },
  everyMs: number,
): { stop(): Promise<void> } {
  const report = () =>
    reportIntakeNode(database, node, status()).catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : err }, 'the spool report could not be written'),
    );
  void report();
  const timer = setInterval(() => void report(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await report();
    },
  };
}
