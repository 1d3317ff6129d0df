import type {
  SessionPage,
  SourceSettings,
  VendorAsset,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { shadowControlBase, shadowControlCheck, shadowControlPages } from './client.ts';
import {
  mapShadowControlEntry,
  shadowControlAsset,
  shadowControlCustomer,
  type ShadowControlEndpoint,
  type ShadowControlHistory,
} from './mapping.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The cursor is the end time of the newest finished entry read (ISO); the first read goes back 7 days. */
export function shadowControlCursorFloor(cursor: string | null, now: Date): Date {
  const floor = now.getTime() - WEEK_MS;
  const t = cursor ? Date.parse(cursor) : NaN;
  return new Date(Number.isNaN(t) ? floor : Math.max(t, floor));
}

/**
 * The history report has no published time filter: every page is read and the entries that ended
 * after the cursor are kept, each page oldest first.
 */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const from = shadowControlCursorFloor(cursor, ctx.now());
  const keep = from.toISOString();
  let newest = from.getTime();
  for await (const endpoints of shadowControlPages<ShadowControlHistory>(ctx, s, '/api/reports/history/')) {
    const page: VendorSession[] = [];
    for (const endpoint of endpoints) {
      for (const entry of endpoint.history ?? []) {
        const session = mapShadowControlEntry(endpoint, entry);
        if (!session?.endTime || !(session.endTime.getTime() > from.getTime())) continue;
        page.push(session);
        newest = Math.max(newest, session.endTime.getTime());
      }
    }
    page.sort((a, b) => a.endTime!.getTime() - b.endTime!.getTime());
    // Until the read completes each page keeps the cursor it started from; an entry seen again is never filed twice.
    yield { sessions: page, cursor: keep };
  }
  yield { sessions: [], cursor: new Date(newest).toISOString() };
}

/** The organizations of the subscribed endpoints. */
async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  const seen = new Set<string>();
  for await (const endpoints of shadowControlPages<ShadowControlEndpoint>(ctx, s, '/api/reports/status/')) {
    for (const e of endpoints) {
      if (!e.organization || seen.has(String(e.organization.id))) continue;
      seen.add(String(e.organization.id));
      yield shadowControlCustomer(e.organization);
    }
  }
}

async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  const base = shadowControlBase(s);
  for await (const endpoints of shadowControlPages<ShadowControlEndpoint>(ctx, s, '/api/reports/status/')) {
    for (const e of endpoints) yield shadowControlAsset(e, base);
  }
}

/** Arcserve (StorageCraft) ShadowControl through its Report API: ShadowProtect and ImageManager history. */
export const shadowControlConnector: VendorConnector = {
  type: 'storagecraft',
  async validate(ctx, s) {
    await shadowControlCheck(ctx, s);
  },
  customers,
  sessions,
  assets,
};
