import type { Database } from '../db/client.ts';

/**
 * When the demo's e-mails arrived. The seed sends weeks of notifications in one go, so the
 * intake stamps them all with the minute of the seed; a real mail server received each one
 * shortly after the product sent it. Once they are parsed, the seed dates them as they would
 * have been: received 20 seconds to 4 minutes after the message's Date, read a few seconds later.
 */

const MIN_DELAY_S = 20;
const SPREAD_S = 220;
/** Seconds between receipt and parsing on a quiet intake. */
export const DEMO_PARSE_SECONDS = 3;

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** When a message sent at `sentAt` was received: the same answer for the same message, never after `now`. */
export function demoReceivedAt(messageId: string, sentAt: Date, now: Date): Date {
  const delay = (MIN_DELAY_S + (hashOf(messageId) % SPREAD_S)) * 1000;
  return new Date(Math.min(sentAt.getTime() + delay, now.getTime()));
}

export interface SentDemoMail {
  /** As in the Message-ID header, without the angle brackets. */
  messageId: string;
  /** The message's Date header. */
  sentAt: Date;
}

/** Dates the tenant's e-mails of `sent` as received shortly after they were sent; answers how many. */
export async function redateDemoEmails(
  database: Database,
  tenantId: number,
  sent: readonly SentDemoMail[],
  now: Date,
): Promise<number> {
  if (!sent.length) return 0;
  const at = sent.map((m) => demoReceivedAt(m.messageId, m.sentAt, now).toISOString());
  const r = await database.query(
    `UPDATE emails e
        SET received_at = v.at,
            processed_at = CASE WHEN e.processed_at IS NULL THEN NULL
                                ELSE v.at + make_interval(secs => ${DEMO_PARSE_SECONDS}) END
       FROM unnest($2::text[], $3::timestamptz[]) AS v(mid, at)
      WHERE e.tenant_id = $1 AND e.message_id = v.mid`,
    [tenantId, sent.map((m) => m.messageId), at],
  );
  return r.rowCount ?? 0;
}
