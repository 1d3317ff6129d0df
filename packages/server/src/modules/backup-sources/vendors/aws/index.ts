import type {
  SessionPage,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
  SourceSettings,
} from '../types.ts';
import { awsClient, awsRegions, listBackupJobs, listCopyJobs } from './client.ts';
import { awsCustomer, mapAwsCopyJob, mapAwsJob } from './mapping.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The cursor is the completion time of the newest finished job read (ISO); the first read goes back 7 days. */
export function awsCursorFloor(cursor: string | null, now: Date): Date {
  const floor = now.getTime() - WEEK_MS;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

type Lister = (nextToken: string | undefined) => Promise<{ items: (VendorSession | null)[]; nextToken?: string }>;

async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const from = awsCursorFloor(cursor, ctx.now());
  const keep = from.toISOString();
  let newest = from.getTime();
  for (const region of awsRegions(s)) {
    const client = awsClient(ctx, s, region);
    // Backup jobs, then the copy jobs that carry their recovery points to other vaults.
    const listers: Lister[] = [
      async (nextToken) => {
        const out = await listBackupJobs(ctx, client, { completeAfter: from, nextToken });
        return { items: (out.BackupJobs ?? []).map((j) => mapAwsJob(j, region)), nextToken: out.NextToken };
      },
      async (nextToken) => {
        const out = await listCopyJobs(ctx, client, { completeAfter: from, nextToken });
        return { items: (out.CopyJobs ?? []).map((j) => mapAwsCopyJob(j, region)), nextToken: out.NextToken };
      },
    ];
    for (const list of listers) {
      let nextToken: string | undefined;
      do {
        const out = await list(nextToken);
        const page: VendorSession[] = [];
        for (const session of out.items) {
          if (!session?.endTime || !(session.endTime.getTime() > from.getTime())) continue;
          page.push(session);
          newest = Math.max(newest, session.endTime.getTime());
        }
        page.sort((a, b) => a.endTime!.getTime() - b.endTime!.getTime());
        // Each page keeps the cursor the read started from; a job seen again is never filed twice.
        yield { sessions: page, cursor: keep };
        nextToken = out.nextToken || undefined;
      } while (nextToken && !ctx.signal.aborted);
    }
  }
  yield { sessions: [], cursor: new Date(newest).toISOString() };
}

/** The AWS accounts seen in the last 7 days of backup jobs (the source's own account, and its organisation's). */
async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  const seen = new Set<string>();
  for await (const page of sessions(ctx, s, null)) {
    for (const session of page.sessions) {
      if (!session.customerId || seen.has(session.customerId)) continue;
      seen.add(session.customerId);
      yield awsCustomer(session.customerId);
    }
  }
}

/** AWS Backup through the official SDK: backup and copy jobs of one or more regions. */
export const awsConnector: VendorConnector = {
  type: 'aws',
  async validate(ctx, s) {
    await listBackupJobs(ctx, awsClient(ctx, s, awsRegions(s)[0]!), { maxResults: 1 });
  },
  customers,
  sessions,
};
