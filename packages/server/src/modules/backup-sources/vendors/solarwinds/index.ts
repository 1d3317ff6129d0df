import type { SessionPage, VendorConnector } from '../types.ts';
import { CoveClient } from './client.ts';
import { assetOf, customerOf, runningSince, sessionSeconds, sessionsOf } from './mapping.ts';

const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * N-able Cove Data Protection through its JSON-RPC management API. Cove keeps the last session per
 * device and data source, so every sync reads all device pages and keeps the sessions newer than
 * the cursor (the latest session time filed, Unix seconds). Device pages are not in time order:
 * pages before the last carry the cursor the sync started from, the last one the new cursor.
 */
export const coveConnector: VendorConnector = {
  type: 'solarwinds',

  async validate(ctx, settings) {
    await new CoveClient(ctx, settings).login();
  },

  async *customers(ctx, settings) {
    for (const partner of await new CoveClient(ctx, settings).partners()) yield customerOf(partner);
  },

  async *sessions(ctx, settings, cursor): AsyncGenerator<SessionPage> {
    const floor = Math.floor(ctx.now().getTime() / 1000) - WEEK_SECONDS;
    const parsed = cursor !== null ? Number(cursor) : NaN;
    const after = Number.isFinite(parsed) ? Math.max(parsed, floor) : floor;
    let latest = after;
    let running = Infinity;
    let pending: SessionPage | null = null;
    for await (const rows of new CoveClient(ctx, settings).devicePages()) {
      if (pending) yield pending;
      const sessions = rows.flatMap((row) => sessionsOf(row, after));
      for (const s of sessions) latest = Math.max(latest, sessionSeconds(s));
      for (const row of rows) running = Math.min(running, runningSince(row, after) ?? Infinity);
      sessions.sort((a, b) => sessionSeconds(a) - sessionSeconds(b));
      pending = { sessions, cursor: cursor };
    }
    // A session still running holds the cursor just before its start until it finishes.
    yield { sessions: pending?.sessions ?? [], cursor: String(Math.max(after, Math.min(latest, running - 1))) };
  },

  async *assets(ctx, settings) {
    for await (const rows of new CoveClient(ctx, settings).devicePages()) for (const row of rows) yield assetOf(row);
  },
};
