import {
  VendorError,
  type SessionPage,
  type SourceSettings,
  type VendorAsset,
  type VendorConnector,
  type VendorContext,
  type VendorCustomer,
  type VendorSession,
} from '../types.ts';
import { EndTimeWindow } from '../end-time-window.ts';
import { slideGet, slidePages, slidePost } from './client.ts';
import {
  mapSlideBackup,
  slideAgentAsset,
  slideAgentInfo,
  slideApplianceAsset,
  slideCustomer,
  type SlideAgent,
  type SlideAgentInfo,
  type SlideBackup,
  type SlideClient,
  type SlideDevice,
} from './mapping.ts';

interface Directory {
  clients: Map<string, string>;
  devices: Map<string, { name: string; clientId: string | null }>;
  agents: Map<string, SlideAgentInfo>;
}

async function directory(ctx: VendorContext, s: SourceSettings, withAgents: boolean): Promise<Directory> {
  const clients = new Map<string, string>();
  for await (const page of slidePages<SlideClient>(ctx, s, '/v1/client'))
    for (const c of page) clients.set(c.client_id, c.name);
  const devices = new Map<string, { name: string; clientId: string | null }>();
  for await (const page of slidePages<SlideDevice>(ctx, s, '/v1/device')) {
    for (const d of page)
      devices.set(d.device_id, { name: d.display_name || d.hostname, clientId: d.client_id || null });
  }
  const agents = new Map<string, SlideAgentInfo>();
  if (withAgents) {
    for await (const page of slidePages<SlideAgent>(ctx, s, '/v1/agent')) {
      for (const a of page) agents.set(a.agent_id, slideAgentInfo(a, devices, clients));
    }
  }
  return { clients, devices, agents };
}

/** The cursor is the end time of the newest finished backup read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  const dir = await directory(ctx, s, true);
  const query = { sort_by: 'start_time', sort_asc: true, backup_ended_after: w.keep };
  for await (const backups of slidePages<SlideBackup>(ctx, s, '/v1/backup', query)) {
    const page: VendorSession[] = [];
    for (const b of backups) {
      let agent = dir.agents.get(b.agent_id);
      if (!agent && b.ended_at) {
        // Paired after the directory was read.
        const a = await slideGet<SlideAgent>(ctx, s, `/v1/agent/${encodeURIComponent(b.agent_id)}`).catch(() => null);
        if (a) dir.agents.set(a.agent_id, (agent = slideAgentInfo(a, dir.devices, dir.clients)));
      }
      const session = mapSlideBackup(b, agent);
      if (w.admit(session)) page.push(session);
    }
    yield w.page(page);
  }
  yield w.last();
}

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  for await (const page of slidePages<SlideClient>(ctx, s, '/v1/client')) for (const c of page) yield slideCustomer(c);
}

async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  const dir = await directory(ctx, s, false);
  for await (const page of slidePages<SlideDevice>(ctx, s, '/v1/device')) {
    for (const d of page) yield slideApplianceAsset(d, d.client_id ? (dir.clients.get(d.client_id) ?? null) : null);
  }
  for await (const page of slidePages<SlideAgent>(ctx, s, '/v1/agent')) {
    for (const a of page) {
      const info = slideAgentInfo(a, dir.devices, dir.clients);
      yield slideAgentAsset(a, info, dir.devices.get(a.device_id)?.name ?? null);
    }
  }
}

/** Slide through its REST API; "Backup Now" starts a backup of a protected agent. */
export const slideConnector: VendorConnector = {
  type: 'slide',
  async validate(ctx, s) {
    await slideGet(ctx, s, '/v1/device', { offset: 0, limit: 1 });
  },
  customers,
  sessions,
  assets,
  async runBackup(ctx, s, asset) {
    if (asset.kind !== 'device') {
      throw new VendorError('Slide starts backups of protected devices; choose a device of this appliance', 400, false);
    }
    await slidePost(ctx, s, '/v1/backup', { agent_id: asset.externalId });
  },
};
