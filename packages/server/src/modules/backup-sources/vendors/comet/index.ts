import type { CometJob, CometUserProfile } from './mapping.ts';
import type { SessionPage, VendorConnector } from '../types.ts';
import { CometClient } from './client.ts';
import {
  advanceCometCursor,
  formatCometCursor,
  isAfterCursor,
  mapCometDevices,
  mapCometJob,
  mapCometUser,
  parseCometCursor,
} from './mapping.ts';

/** Seconds of history read per date-range call: the API has no paging, so the range is the page. */
export const COMET_WINDOW_SECONDS = 6 * 3600;
/** Sessions handed over per page within one window. */
export const COMET_PAGE_SIZE = 500;
const FIRST_SYNC_SECONDS = 7 * 24 * 3600;

const byEnd = (a: CometJob, b: CometJob) => a.EndTime - b.EndTime || (a.GUID < b.GUID ? -1 : a.GUID > b.GUID ? 1 : 0);

/**
 * Comet Backup through the Comet Server admin API: users are the customers, their profiles'
 * Devices the assets, and backup jobs read by date range the sessions.
 */
export const cometConnector: VendorConnector = {
  type: 'comet',

  async validate(ctx, settings) {
    await new CometClient(ctx, settings).accountProperties();
  },

  async *customers(ctx, settings) {
    const users = await new CometClient(ctx, settings).usersFull();
    for (const profile of Object.values(users ?? {})) yield mapCometUser(profile);
  },

  async *assets(ctx, settings) {
    const users = await new CometClient(ctx, settings).usersFull();
    for (const profile of Object.values(users ?? {})) yield* mapCometDevices(profile);
  },

  async *sessions(ctx, settings, cursor) {
    const client = new CometClient(ctx, settings);
    const now = Math.floor(ctx.now().getTime() / 1000);
    let position = parseCometCursor(cursor);
    // Seven days back at most, also after a long pause: every window is one call.
    const from = Math.max(position?.endTime ?? 0, now - FIRST_SYNC_SECONDS);
    let profiles: Map<string, CometUserProfile> | null = null;
    for (let start = from; start <= now; start += COMET_WINDOW_SECONDS) {
      if (ctx.signal.aborted) return;
      const end = Math.min(start + COMET_WINDOW_SECONDS - 1, now);
      const jobs = (await client.jobsForDateRange(start, end))
        // A job is read in the window it ended in; running jobs (EndTime 0) wait for a later read.
        .filter((j) => j.EndTime >= start && j.EndTime <= end && isAfterCursor(j, position))
        .sort(byEnd);
      if (!jobs.length) continue;
      profiles ??= new Map(Object.values((await client.usersFull()) ?? {}).map((p) => [p.Username, p]));
      for (let i = 0; i < jobs.length; i += COMET_PAGE_SIZE) {
        const chunk = jobs.slice(i, i + COMET_PAGE_SIZE);
        position = advanceCometCursor(position, chunk);
        const page: SessionPage = {
          sessions: chunk.flatMap((j) => mapCometJob(j, profiles!.get(j.Username)) ?? []),
          cursor: position ? formatCometCursor(position) : null,
        };
        yield page;
      }
    }
  },
};
