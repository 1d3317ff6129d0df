import type {
  SessionPage,
  SourceSettings,
  VendorAsset,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
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

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The cursor is the newest snapshot end time read (ISO); the first read goes back 7 days. */
export function skykickCursorFloor(cursor: string | null, now: Date): Date {
  const floor = now.getTime() - WEEK_MS;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

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

/** One page per subscription: the last snapshot of each of its mailboxes and sites, oldest first. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const client = new SkyKickClient(ctx, s);
  const from = skykickCursorFloor(cursor, ctx.now());
  const keep = from.toISOString();
  let newest = from.getTime();
  for (const sub of await subscriptions(client)) {
    if (ctx.signal.aborted) return;
    const body = await client.ofSubscription<unknown>(sub.id, 'lastsnapshotstats');
    const page: VendorSession[] = [];
    for (const row of rowsOf(body, 'Mailboxes', 'Items')) {
      const snap = skykickSnapshot(row);
      const session = snap ? mapSkyKickSnapshot(sub, snap) : null;
      if (!session?.endTime || !(session.endTime.getTime() > from.getTime())) continue;
      page.push(session);
      newest = Math.max(newest, session.endTime.getTime());
    }
    page.sort((x, y) => x.endTime!.getTime() - y.endTime!.getTime());
    // Until the read completes each page keeps the cursor it started from: an interrupted read is
    // read again, and a session seen again is never filed twice.
    yield { sessions: page, cursor: keep };
  }
  yield { sessions: [], cursor: new Date(newest).toISOString() };
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
