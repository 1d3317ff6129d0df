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
import { shadowControlBase, shadowControlCheck, shadowControlPages } from './client.ts';
import {
  mapShadowControlEntry,
  shadowControlAsset,
  shadowControlCustomer,
  type ShadowControlEndpoint,
  type ShadowControlHistory,
} from './mapping.ts';

/**
 * The history report has no published time filter: every page is read and the entries that ended
 * after the cursor are kept, each page oldest first. The cursor is the end time of the newest
 * finished entry read (ISO); the first read goes back 7 days.
 */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  for await (const endpoints of shadowControlPages<ShadowControlHistory>(ctx, s, '/api/reports/history/')) {
    const page: VendorSession[] = [];
    for (const endpoint of endpoints) {
      for (const entry of endpoint.history ?? []) {
        const session = mapShadowControlEntry(endpoint, entry);
        if (w.admit(session)) page.push(session);
      }
    }
    yield w.page(page);
  }
  yield w.last();
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
