import type { SessionPage, SourceSettings, VendorConnector, VendorContext, VendorSession } from '../types.ts';
import { namesOf, vspcGet, vspcPages } from './client.ts';
import {
  mapAgentAsset,
  mapAgentJob,
  mapCompany,
  mapServerAsset,
  mapServerJob,
  mapVb365Job,
  type VspcAgentJob,
  type VspcBackupAgent,
  type VspcBackupServer,
  type VspcCompany,
  type VspcNames,
  type VspcServerJob,
  type VspcVb365Job,
} from './mapping.ts';

/**
 * Veeam Service Provider Console (REST API v3). Customers are the console's companies; results
 * are the latest sessions of the Veeam Backup & Replication jobs, the Veeam Agent jobs and the
 * Microsoft 365 jobs the console manages. Each of the three collections keeps its own point in
 * the cursor (the latest end time read, or start time for Microsoft 365 jobs, which report none),
 * and is read filtered past it and sorted by it, so a second sync reads only newer sessions.
 */

const FIRST_SYNC_DAYS = 7;

const PATHS = {
  companies: '/organizations/companies',
  servers: '/infrastructure/backupServers',
  serverJobs: '/infrastructure/backupServers/jobs',
  agents: '/infrastructure/backupAgents',
  agentJobs: '/infrastructure/backupAgents/jobs',
  vb365Jobs: '/infrastructure/vb365Servers/organizations/jobs',
} as const;

/** Where each collection resumes (ISO times). */
export interface VspcCursor {
  jobs: string;
  agents: string;
  m365: string;
}

export function parseCursor(cursor: string | null, now: Date): VspcCursor {
  const floor = new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000).toISOString();
  let parsed: Partial<VspcCursor> = {};
  if (cursor) {
    try {
      const v: unknown = JSON.parse(cursor);
      if (v && typeof v === 'object') parsed = v as Partial<VspcCursor>;
    } catch {
      parsed = {};
    }
  }
  const at = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : floor);
  return { jobs: at(parsed.jobs), agents: at(parsed.agents), m365: at(parsed.m365) };
}

async function lookups(ctx: VendorContext, settings: SourceSettings): Promise<VspcNames> {
  const companies = await namesOf(ctx, settings, PATHS.companies);
  const servers = await namesOf(ctx, settings, PATHS.servers);
  const agents = await namesOf(ctx, settings, PATHS.agents);
  const pick = (m: Map<string, string>) => (uid: string | null | undefined) => (uid ? (m.get(uid) ?? null) : null);
  return { company: pick(companies), server: pick(servers), agent: pick(agents) };
}

/** One collection past its cursor point, oldest first, as session pages. */
async function* collection<T>(
  ctx: VendorContext,
  settings: SourceSettings,
  path: string,
  timeProperty: 'lastEndTime' | 'lastRun',
  since: string,
  map: (item: T) => VendorSession | null,
  advance: (at: string) => string,
): AsyncGenerator<SessionPage> {
  const query = {
    filter: [{ property: timeProperty, operation: 'greaterThan' as const, value: since }],
    sort: [{ property: timeProperty, direction: 'ascending' as const }],
  };
  for await (const page of vspcPages<T>(ctx, settings, path, query)) {
    const sessions: VendorSession[] = [];
    let latest: string | null = null;
    for (const item of page) {
      const s = map(item);
      if (!s) continue;
      sessions.push(s);
      const at = (s.endTime ?? s.startTime)?.toISOString() ?? null;
      if (at && (!latest || at > latest)) latest = at;
    }
    yield { sessions, cursor: latest ? advance(latest) : advance('') };
  }
}

export const veeamConnector: VendorConnector = {
  type: 'veeam',

  async validate(ctx, settings) {
    await vspcGet(ctx, settings, PATHS.companies, { limit: 1, offset: 0 });
  },

  async *customers(ctx, settings) {
    for await (const page of vspcPages<VspcCompany>(ctx, settings, PATHS.companies)) {
      for (const c of page) yield mapCompany(c);
    }
  },

  async *sessions(ctx, settings, cursor) {
    const state = parseCursor(cursor, ctx.now());
    const names = await lookups(ctx, settings);
    const keep = (key: keyof VspcCursor) => (at: string) => {
      if (at && at > state[key]) state[key] = at;
      return JSON.stringify(state);
    };
    yield* collection<VspcServerJob>(
      ctx,
      settings,
      PATHS.serverJobs,
      'lastEndTime',
      state.jobs,
      (j) => mapServerJob(j, names),
      keep('jobs'),
    );
    yield* collection<VspcAgentJob>(
      ctx,
      settings,
      PATHS.agentJobs,
      'lastEndTime',
      state.agents,
      (j) => mapAgentJob(j, names),
      keep('agents'),
    );
    yield* collection<VspcVb365Job>(
      ctx,
      settings,
      PATHS.vb365Jobs,
      'lastRun',
      state.m365,
      (j) => mapVb365Job(j, names),
      keep('m365'),
    );
  },

  async *assets(ctx, settings) {
    for await (const page of vspcPages<VspcBackupServer>(ctx, settings, PATHS.servers)) {
      for (const s of page) yield mapServerAsset(s);
    }
    for await (const page of vspcPages<VspcBackupAgent>(ctx, settings, PATHS.agents)) {
      for (const a of page) yield mapAgentAsset(a);
    }
  },
};
