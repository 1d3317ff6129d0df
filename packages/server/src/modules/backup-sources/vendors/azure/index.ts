import {
  VendorError,
  type SessionPage,
  type SourceSettings,
  type VendorConnector,
  type VendorContext,
  type VendorCustomer,
  type VendorSession,
} from '../types.ts';
import { EndTimeWindow, FIRST_READ_MS } from '../end-time-window.ts';
import { AzureClient, BACKUP_API_VERSION, SUBSCRIPTION_API_VERSION, filterTime } from './client.ts';
import {
  mapAzureJob,
  mapAzureProtectedItem,
  mapAzureSubscription,
  type AzureJob,
  type AzureProtectedItem,
  type AzureSubscription,
} from './mapping.ts';

/** Jobs are listed by start time: a window this far back finds long jobs that finished since. */
const LOOKBACK_MS = 24 * 3600 * 1000;

/** The subscription as the customer; its name when the application may read it, else its id. */
async function subscription(client: AzureClient): Promise<VendorCustomer> {
  try {
    const sub = await client.get<AzureSubscription>(`/subscriptions/${encodeURIComponent(client.subscriptionId)}`, {
      'api-version': SUBSCRIPTION_API_VERSION,
    });
    return mapAzureSubscription({ ...sub, subscriptionId: sub?.subscriptionId || client.subscriptionId });
  } catch (err) {
    // Backup Reader on the vaults alone does not allow reading the subscription.
    if (err instanceof VendorError && [401, 403, 404].includes(err.status))
      return mapAzureSubscription({ subscriptionId: client.subscriptionId });
    throw err;
  }
}

/** The cursor is the end time of the newest finished job read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const client = new AzureClient(ctx, s);
  const now = ctx.now();
  const w = new EndTimeWindow(cursor, now);
  const customer = await subscription(client);
  const windowStart = new Date(Math.max(w.from.getTime() - LOOKBACK_MS, now.getTime() - FIRST_READ_MS - LOOKBACK_MS));
  const filter =
    `startTime eq '${filterTime(windowStart)}' and endTime eq '${filterTime(now)}'` + ` and operation eq 'Backup'`;
  for (const vault of client.vaults()) {
    const path = `${client.vaultPath(vault)}/backupJobs`;
    for await (const jobs of client.pages<AzureJob>(path, { 'api-version': BACKUP_API_VERSION, $filter: filter })) {
      const page: VendorSession[] = [];
      for (const job of jobs) {
        const session = mapAzureJob(job, vault.name, customer);
        if (w.admit(session)) page.push(session);
      }
      // Until every vault is read each page keeps the cursor it started from.
      yield w.page(page);
    }
  }
  yield w.last();
}

/**
 * Azure Backup (Recovery Services vaults): the subscription is the customer, each protected item
 * (VM, database, file share) a device, and each finished backup job a session of the job "vault –
 * workload". Jobs are read per vault with a start-time window and `nextLink` paging.
 */
export const azureConnector: VendorConnector = {
  type: 'azure',

  async validate(ctx, settings) {
    const client = new AzureClient(ctx, settings);
    const vaults = client.vaults();
    await client.authenticate();
    for (const vault of vaults) await client.vault(vault);
  },

  async *customers(ctx, settings) {
    yield await subscription(new AzureClient(ctx, settings));
  },

  async *assets(ctx, settings) {
    const client = new AzureClient(ctx, settings);
    for (const vault of client.vaults()) {
      const path = `${client.vaultPath(vault)}/backupProtectedItems`;
      for await (const items of client.pages<AzureProtectedItem>(path, { 'api-version': BACKUP_API_VERSION })) {
        for (const item of items) yield mapAzureProtectedItem(item, vault.name, client.subscriptionId);
      }
    }
  },

  sessions,
};
