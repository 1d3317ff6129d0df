import type {
  SessionPage,
  SourceSettings,
  VendorAsset,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { EndTimeWindow } from '../end-time-window.ts';
import { SkyKickClient } from './client.ts';
import {
  mapSkyKickSnapshot,
  pick,
  rowsOf,
  skykickAsset,
  skykickCustomer,
  skykickSnapshot,
  skykickSubscription,
  type SkyKickSubscription,
} from './mapping.ts';

/** The placed Cloud Backup subscription orders (`GET /Backup`). */
async function subscriptions(client: SkyKickClient): Promise<SkyKickSubscription[]> {
  const body = await client.get<unknown>('/Backup');
  return rowsOf(body, 'Subscriptions')
    .map(skykickSubscription)
    .filter((s): s is SkyKickSubscription => s !== null);
}

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  for (const sub of await subscriptions(new SkyKickClient(ctx, s))) yield skykickCustomer(sub);
}

/**
 * One page per subscription: the last snapshot of each of its mailboxes and sites, oldest first.
 * The cursor is the newest snapshot end time read (ISO); the first read goes back 7 days.
 */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const client = new SkyKickClient(ctx, s);
  const w = new EndTimeWindow(cursor, ctx.now());
  for (const sub of await subscriptions(client)) {
    if (ctx.signal.aborted) return;
    const body = await client.ofSubscription<unknown>(sub.id, 'lastsnapshotstats');
    const page: VendorSession[] = [];
    for (const row of rowsOf(body, 'Mailboxes', 'Items')) {
      const snap = skykickSnapshot(row);
      const session = snap ? mapSkyKickSnapshot(sub, snap) : null;
      if (w.admit(session)) page.push(session);
    }
    yield w.page(page);
  }
  yield w.last();
}

/** Each subscription's protected mailboxes and SharePoint sites. */
async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  const client = new SkyKickClient(ctx, s);
  for (const sub of await subscriptions(client)) {
    if (ctx.signal.aborted) return;
    const mailboxes = await client.ofSubscription<unknown>(sub.id, 'mailboxes');
    // A bare list, or the individual and shared mailboxes apart.
    const rows = Array.isArray(mailboxes)
      ? rowsOf(mailboxes)
      : [...rowsOf(mailboxes, 'IndividualMailboxes'), ...rowsOf(pick(mailboxes, 'SharedMailboxes'))];
    for (const row of rows) {
      const a = skykickAsset(sub, row, 'mailbox');
      if (a) yield a;
    }
    for (const row of rowsOf(await client.ofSubscription<unknown>(sub.id, 'sites'), 'Sites')) {
      const a = skykickAsset(sub, row, 'site');
      if (a) yield a;
    }
  }
}

/** SkyKick Cloud Backup (Microsoft 365) through the Partner Integration API; read only. */
export const skykickConnector: VendorConnector = {
  type: 'skykick',
  async validate(ctx, s) {
    await new SkyKickClient(ctx, s).get('/whoami');
  },
  customers,
  sessions,
  assets,
};
