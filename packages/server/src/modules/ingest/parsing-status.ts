import type { ParsingStatus } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { isoOrNull } from '../../platform/dates.ts';

/**
 * The Admin Portal's parsing status: e-mails by state and pace from the database, and what the
 * SMTP ingest nodes hold in their spools (answered 250, not yet filed) as each last reported.
 */
export async function parsingStatus(database: Database): Promise<ParsingStatus> {
  const [states, oldest, hour, day, vendors, nodes] = await Promise.all([
    database.query<{ state: string; n: string }>('SELECT state, count(*) AS n FROM emails GROUP BY state'),
    database.query<{ at: Date | null }>(
      `SELECT min(received_at) AS at FROM emails WHERE state IN ('None', 'Waiting', 'InProgress', 'WaitingForRetry', 'Retrying')`,
    ),
    database.query<{ received: string; processed: string; last5: string }>(
      `SELECT count(*) AS received,
              count(*) FILTER (WHERE processed_at IS NOT NULL) AS processed,
              count(*) FILTER (WHERE processed_at > now() - interval '5 minutes') AS last5
         FROM emails WHERE received_at > now() - interval '1 hour'`,
    ),
    database.query<{ failures: string; unrecognised: string }>(
      `SELECT count(*) FILTER (WHERE reason IS NOT NULL AND vendor IS NOT NULL) AS failures,
              count(*) FILTER (WHERE vendor IS NULL AND state IN ('Processed', 'Inactive', 'NeedsReview')) AS unrecognised
         FROM emails WHERE received_at > now() - interval '1 day'`,
    ),
    database.query<{ vendor: string; n: string }>(
      `SELECT vendor, count(*) AS n FROM emails WHERE vendor IS NOT NULL AND received_at > now() - interval '1 day'
        GROUP BY vendor ORDER BY n DESC LIMIT 10`,
    ),
    // A node silent for a day with nothing held is gone for good; one holding e-mails stays listed.
    database.query<{
      node: string;
      spooled: number;
      spooled_bytes: string;
      oldest_spooled_at: Date | null;
      set_aside: number;
      reported_at: Date;
      reporting: boolean;
    }>(
      `SELECT node, spooled, spooled_bytes, oldest_spooled_at, set_aside, reported_at,
              reported_at > now() - interval '1 minute' AS reporting
         FROM intake_nodes
        WHERE reported_at > now() - interval '1 day' OR spooled > 0 OR set_aside > 0
        ORDER BY node`,
    ),
  ]);
  const intakeNodes = nodes.rows.map((n) => ({
    Node: n.node,
    Spooled: n.spooled,
    SpooledBytes: Number(n.spooled_bytes),
    OldestSpooled: isoOrNull(n.oldest_spooled_at),
    SetAside: n.set_aside,
    ReportedAt: isoOrNull(n.reported_at)!,
    Reporting: n.reporting,
  }));
  const oldestSpooled = intakeNodes
    .map((n) => n.OldestSpooled)
    .filter((at): at is string => at !== null)
    .sort()[0];
  const byState = Object.fromEntries(states.rows.map((s) => [s.state, Number(s.n)]));
  const waiting = ['None', 'Waiting', 'InProgress', 'WaitingForRetry', 'Retrying'];
  return {
    QueueDepth: waiting.reduce((n, s) => n + (byState[s] ?? 0), 0),
    OldestWaiting: isoOrNull(oldest.rows[0]?.at ?? null),
    EmailsPerMinute: Math.round((Number(hour.rows[0].last5) / 5) * 10) / 10,
    ReceivedLastHour: Number(hour.rows[0].received),
    ProcessedLastHour: Number(hour.rows[0].processed),
    FailuresLastDay: Number(day.rows[0].failures),
    UnrecognisedLastDay: Number(day.rows[0].unrecognised),
    ByState: byState,
    TopVendors: vendors.rows.map((v) => ({ Vendor: v.vendor, Count: Number(v.n) })),
    Spooled: intakeNodes.reduce((n, x) => n + x.Spooled, 0),
    OldestSpooled: oldestSpooled ?? null,
    SetAside: intakeNodes.reduce((n, x) => n + x.SetAside, 0),
    IntakeNodes: intakeNodes,
  };
}
