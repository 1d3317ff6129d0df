import type {
  SessionPage,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
  SourceSettings,
} from '../types.ts';
import { EndTimeWindow } from '../end-time-window.ts';
import { awsClient, awsRegions, listBackupJobs, listCopyJobs } from './client.ts';
import { awsCustomer, mapAwsCopyJob, mapAwsJob } from './mapping.ts';

type Lister = (nextToken: string | undefined) => Promise<{ items: (VendorSession | null)[]; nextToken?: string }>;

/** The cursor is the completion time of the newest finished job read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  for (const region of awsRegions(s)) {
    const client = awsClient(ctx, s, region);
    // Backup jobs, then the copy jobs that carry their recovery points to other vaults.
    const listers: Lister[] = [
      async (nextToken) => {
        const out = await listBackupJobs(ctx, client, { completeAfter: w.from, nextToken });
        return { items: (out.BackupJobs ?? []).map((j) => mapAwsJob(j, region)), nextToken: out.NextToken };
      },
      async (nextToken) => {
        const out = await listCopyJobs(ctx, client, { completeAfter: w.from, nextToken });
        return { items: (out.CopyJobs ?? []).map((j) => mapAwsCopyJob(j, region)), nextToken: out.NextToken };
      },
    ];
    for (const list of listers) {
      let nextToken: string | undefined;
      do {
        const out = await list(nextToken);
        const page: VendorSession[] = [];
        for (const session of out.items) {
          if (w.admit(session)) page.push(session);
        }
        yield w.page(page);
        nextToken = out.nextToken || undefined;
      } while (nextToken && !ctx.signal.aborted);
    }
  }
  yield w.last();
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
