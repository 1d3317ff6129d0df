import type {
  SessionPage,
  SourceSettings,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { dropsuiteGet, dropsuitePages } from './client.ts';
import { dropsuiteCustomer, mapDropsuiteService, type DropsuiteAccount, type DropsuiteUser } from './mapping.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The cursor is the newest last-backup time read (ISO); the first read goes back 7 days. */
export function dropsuiteCursorFloor(cursor: string | null, now: Date): Date {
  const floor = now.getTime() - WEEK_MS;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  for await (const page of dropsuitePages<DropsuiteUser>(ctx, s, '/api/users')) {
    for (const u of page) yield dropsuiteCustomer(u);
  }
}

async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const from = dropsuiteCursorFloor(cursor, ctx.now());
  const keep = from.toISOString();
  let newest = from.getTime();
  const orgs: VendorCustomer[] = [];
  for await (const c of customers(ctx, s)) orgs.push(c);
  for (const org of orgs) {
    for await (const accounts of dropsuitePages<DropsuiteAccount>(ctx, s, '/api/accounts', { user_id: org.id })) {
      const page: VendorSession[] = [];
      for (const a of accounts) {
        for (const svc of a.services ?? []) {
          const session = mapDropsuiteService(org, a, svc);
          if (!session?.endTime || !(session.endTime.getTime() > from.getTime())) continue;
          page.push(session);
          newest = Math.max(newest, session.endTime.getTime());
        }
      }
      page.sort((x, y) => x.endTime!.getTime() - y.endTime!.getTime());
      // Until the read completes each page keeps the cursor it started from: an interrupted read is
      // read again, and a session seen again is never filed twice.
      yield { sessions: page, cursor: keep };
    }
  }
  yield { sessions: [], cursor: new Date(newest).toISOString() };
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
