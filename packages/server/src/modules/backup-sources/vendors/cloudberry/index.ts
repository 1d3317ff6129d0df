import type { SessionPage, VendorConnector, VendorSession } from '../types.ts';
import { cursorFloor } from '../end-time-window.ts';
import { ComputersUnavailable, Msp360Client } from './client.ts';
import { assetOf, assetOfRow, customerOf, deviceKey, parseTime, sessionOf, statusName } from './mapping.ts';

/** Sessions per page handed to the sync. */
export const SESSIONS_PER_PAGE = 250;

const companyIndex = async (client: Msp360Client) =>
  new Map((await client.companies()).map((c) => [c.Name.trim().toLowerCase(), c.Id] as const));

/**
 * MSP360 Managed Backup (CloudBerry) through its MSP API. api/Monitoring lists the latest run per
 * plan and computer in one answer; the runs newer than the cursor (the latest run start filed, ISO
 * time) are handed on oldest first in pages, each page's cursor its last run's start (a page never
 * splits runs that started in the same second).
 */
export const msp360Connector: VendorConnector = {
  type: 'cloudberry',

  async validate(ctx, settings) {
    const client = new Msp360Client(ctx, settings);
    await client.login();
    await client.companies();
  },

  async *customers(ctx, settings) {
    for (const c of await new Msp360Client(ctx, settings).companies()) yield customerOf(c);
  },

  async *sessions(ctx, settings, cursor): AsyncGenerator<SessionPage> {
    const client = new Msp360Client(ctx, settings);
    const companies = await companyIndex(client);
    const after = cursorFloor(cursor, ctx.now()).getTime();
    const sessions: VendorSession[] = [];
    // A run still going holds every page's cursor just before its start until it finishes.
    let running = Infinity;
    for (const row of await client.monitoring()) {
      const s = sessionOf(row, companies);
      if (s && s.startTime!.getTime() > after) sessions.push(s);
      const started = statusName(row.Status) === 'Running' ? parseTime(row.LastStart) : null;
      if (started && started.getTime() > after) running = Math.min(running, started.getTime());
    }
    const hold = (at: Date) => new Date(Math.max(after, Math.min(at.getTime(), running - 1))).toISOString();
    sessions.sort((a, b) => a.startTime!.getTime() - b.startTime!.getTime());
    if (!sessions.length) {
      yield { sessions: [], cursor };
      return;
    }
    for (let i = 0; i < sessions.length;) {
      let end = Math.min(i + SESSIONS_PER_PAGE, sessions.length);
      const at = (k: number) => sessions[k]!.startTime!.getTime();
      while (end < sessions.length && at(end) === at(end - 1)) end++;
      const page = sessions.slice(i, end);
      yield { sessions: page, cursor: hold(page.at(-1)!.startTime!) };
      i = end;
    }
  },

  async *assets(ctx, settings) {
    const client = new Msp360Client(ctx, settings);
    const companies = await companyIndex(client);
    try {
      for await (const page of client.computerPages()) for (const c of page) yield assetOf(c, companies);
    } catch (err) {
      if (!(err instanceof ComputersUnavailable)) throw err;
      const seen = new Set<string>();
      for (const row of await client.monitoring()) {
        const key = deviceKey(row.UserID, row.ComputerName);
        if (seen.has(key)) continue;
        seen.add(key);
        yield assetOfRow(row, companies);
      }
    }
  },
};
