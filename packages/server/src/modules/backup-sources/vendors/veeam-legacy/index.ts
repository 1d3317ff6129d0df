import type { SessionPage, SourceSettings, VendorConnector, VendorContext, VendorSession } from '../types.ts';
import { logoff, logon, queryPages, quoted, type EmSession } from './client.ts';
import {
  mapBackupServer,
  mapTaskSession,
  type EmBackupServer,
  type EmJobSession,
  type EmTaskSession,
} from './mapping.ts';

/**
 * Veeam Backup Enterprise Manager. Customers are the backup servers connected to it (or, with
 * none, one customer named after the Enterprise Manager host). Results are the completed backup
 * task sessions (one per VM or machine per run), read with `EndTime` past the cursor and sorted
 * by it; the cursor is the latest end time read.
 */

const FIRST_SYNC_DAYS = 7;
/** Job sessions looked up per request (an OR filter of UIDs). */
const JOB_LOOKUP_CHUNK = 40;
/** Job sessions kept between pages; a long first sync does not grow it without bound. */
const JOB_CACHE_LIMIT = 5_000;

async function withSession<T>(
  ctx: VendorContext,
  settings: SourceSettings,
  run: (em: EmSession) => Promise<T>,
): Promise<T> {
  const em = await logon(ctx, settings);
  try {
    return await run(em);
  } finally {
    await logoff(ctx, em);
  }
}

export function sinceOf(cursor: string | null, now: Date): string {
  if (cursor && !Number.isNaN(Date.parse(cursor))) return new Date(cursor).toISOString();
  return new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000).toISOString();
}

async function jobSessions(
  ctx: VendorContext,
  em: EmSession,
  uids: string[],
  cache: Map<string, EmJobSession>,
): Promise<void> {
  const missing = [...new Set(uids)].filter((u) => !cache.has(u));
  if (cache.size + missing.length > JOB_CACHE_LIMIT) cache.clear();
  for (let i = 0; i < missing.length; i += JOB_LOOKUP_CHUNK) {
    const chunk = missing.slice(i, i + JOB_LOOKUP_CHUNK);
    const filter = chunk.map((u) => `UID==${quoted(u)}`).join(',');
    for await (const page of queryPages<EmJobSession>(ctx, em, 'BackupJobSession', 'BackupJobSessions', { filter })) {
      for (const job of page) cache.set(job.UID, job);
    }
  }
}

export const veeamLegacyConnector: VendorConnector = {
  type: 'veeam-legacy',

  async validate(ctx, settings) {
    await withSession(ctx, settings, async () => undefined);
  },

  async *customers(ctx, settings) {
    const em = await logon(ctx, settings);
    try {
      let any = false;
      for await (const page of queryPages<EmBackupServer>(ctx, em, 'BackupServer', 'BackupServers')) {
        for (const server of page) {
          any = true;
          yield mapBackupServer(server);
        }
      }
      if (!any) {
        const host = new URL(em.base).hostname;
        yield { id: host, name: host };
      }
    } finally {
      await logoff(ctx, em);
    }
  },

  async *sessions(ctx, settings, cursor) {
    const since = sinceOf(cursor, ctx.now());
    const em = await logon(ctx, settings);
    const cache = new Map<string, EmJobSession>();
    let latest = since;
    try {
      const query = { filter: `State==Completed;EndTime>${quoted(since)}`, sortAsc: 'EndTime' };
      for await (const page of queryPages<EmTaskSession>(ctx, em, 'BackupTaskSession', 'BackupTaskSessions', query)) {
        await jobSessions(
          ctx,
          em,
          page.map((t) => t.JobSessionUid),
          cache,
        );
        const sessions: VendorSession[] = [];
        for (const task of page) {
          const s = mapTaskSession(task, cache.get(task.JobSessionUid) ?? null);
          if (s) sessions.push(s);
          const end =
            task.EndTimeUTC && !Number.isNaN(Date.parse(task.EndTimeUTC))
              ? new Date(task.EndTimeUTC).toISOString()
              : null;
          if (end && end > latest) latest = end;
        }
        const out: SessionPage = { sessions, cursor: latest };
        yield out;
      }
    } finally {
      await logoff(ctx, em);
    }
  },
};
