import type {
  SessionPage,
  SourceSettings,
  VendorAsset,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { redstorGet, redstorPages } from './client.ts';
import { mapRedstorAccount, redstorAsset, redstorGroup, type RedstorAccount } from './mapping.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;
const ACCOUNTS = '/api/odata/Accounts';

/** The cursor is the newest last-backup time read (ISO); the first read goes back 7 days. */
export function redstorCursorFloor(cursor: string | null, now: Date): Date {
  const floor = now.getTime() - WEEK_MS;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

/** The groups holding backup accounts, once each. */
async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  const seen = new Set<string>();
  for await (const page of redstorPages<RedstorAccount>(ctx, s, ACCOUNTS)) {
    for (const a of page) {
      const group = redstorGroup(a);
      if (!group || seen.has(group.id)) continue;
      seen.add(group.id);
      yield group;
    }
  }
}

async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const from = redstorCursorFloor(cursor, ctx.now());
  const keep = from.toISOString();
  let newest = from.getTime();
  for await (const accounts of redstorPages<RedstorAccount>(ctx, s, ACCOUNTS)) {
    const page: VendorSession[] = [];
    for (const a of accounts) {
      const session = mapRedstorAccount(a);
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

async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  for await (const page of redstorPages<RedstorAccount>(ctx, s, ACCOUNTS)) {
    for (const a of page) if (a.Active !== false && a.Guid) yield redstorAsset(a);
  }
}

/** Redstor Pro through its AccountServer's Storage Platform API; read only. */
export const redstorConnector: VendorConnector = {
  type: 'redstor',
  async validate(ctx, s) {
    await redstorGet(ctx, s, '/api/backup/Groups');
  },
  customers,
  sessions,
  assets,
};
