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
import { redstorGet, redstorPages } from './client.ts';
import { mapRedstorAccount, redstorAsset, redstorGroup, type RedstorAccount } from './mapping.ts';

const ACCOUNTS = '/api/odata/Accounts';

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

/** The cursor is the newest last-backup time read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  for await (const accounts of redstorPages<RedstorAccount>(ctx, s, ACCOUNTS)) {
    const page: VendorSession[] = [];
    for (const a of accounts) {
      const session = mapRedstorAccount(a);
      if (w.admit(session)) page.push(session);
    }
    yield w.page(page);
  }
  yield w.last();
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
