import type {
  SessionPage,
  SourceSettings,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { EndTimeWindow } from '../end-time-window.ts';
import { dropsuiteGet, dropsuitePages } from './client.ts';
import { dropsuiteCustomer, mapDropsuiteService, type DropsuiteAccount, type DropsuiteUser } from './mapping.ts';

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  for await (const page of dropsuitePages<DropsuiteUser>(ctx, s, '/api/users')) {
    for (const u of page) yield dropsuiteCustomer(u);
  }
}

/** The cursor is the newest last-backup time read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  const orgs: VendorCustomer[] = [];
  for await (const c of customers(ctx, s)) orgs.push(c);
  for (const org of orgs) {
    for await (const accounts of dropsuitePages<DropsuiteAccount>(ctx, s, '/api/accounts', { user_id: org.id })) {
      const page: VendorSession[] = [];
      for (const a of accounts) {
        for (const svc of a.services ?? []) {
          const session = mapDropsuiteService(org, a, svc);
          if (w.admit(session)) page.push(session);
        }
      }
      yield w.page(page);
    }
  }
  yield w.last();
}

/** Dropsuite (Microsoft 365 / Google Workspace backup) through its partner API; read only. */
export const dropsuiteConnector: VendorConnector = {
  type: 'dropsuite',
  async validate(ctx, s) {
    await dropsuiteGet(ctx, s, '/api/users', { page: 1, per_page: 1 });
  },
  customers,
  sessions,
};
