import type {
  SessionPage,
  SourceSettings,
  VendorAsset,
  VendorConnector,
  VendorContext,
  VendorCustomer,
  VendorSession,
} from '../types.ts';
import { FIRST_READ_MS } from '../end-time-window.ts';
import { dattoAssets, dattoDevices, dattoGet, dattoSaasApplications, dattoSaasDomains } from './client.ts';
import {
  dattoAgentAsset,
  dattoApplianceAsset,
  dattoBcdrCustomer,
  dattoSaasCustomer,
  mapDattoBackup,
  mapDattoSaasHistory,
} from './mapping.ts';

/** Where the next read resumes: the newest BCDR backup time and the newest SaaS window end (epoch ms). */
interface DattoCursor {
  b: number;
  s: number;
}

export function parseDattoCursor(cursor: string | null, now: Date): DattoCursor {
  const floor = now.getTime() - FIRST_READ_MS;
  if (!cursor) return { b: floor, s: floor };
  try {
    const c = JSON.parse(cursor) as Partial<DattoCursor>;
    return { b: Math.max(Number(c.b) || floor, floor), s: Math.max(Number(c.s) || floor, floor) };
  } catch {
    const t = Date.parse(cursor);
    return Number.isNaN(t) ? { b: floor, s: floor } : { b: t, s: t };
  }
}

const byStart = (a: VendorSession, b: VendorSession) => (a.startTime?.getTime() ?? 0) - (b.startTime?.getTime() ?? 0);

async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const from = parseDattoCursor(cursor, ctx.now());
  const next = { ...from };
  // Until the read completes, each page keeps the cursor it started from: an interrupted read is
  // read again, and a session seen again is never filed twice.
  const keep = JSON.stringify(from);
  for await (const devices of dattoDevices(ctx, s)) {
    const page: VendorSession[] = [];
    for (const device of devices) {
      if (ctx.signal.aborted) return;
      for (const asset of await dattoAssets(ctx, s, device.serialNumber)) {
        if (asset.isArchived) continue;
        for (const backup of asset.backups ?? []) {
          const at = Date.parse(backup.timestamp);
          if (!(at > from.b)) continue;
          const session = mapDattoBackup(device, asset, backup);
          if (!session) continue;
          page.push(session);
          next.b = Math.max(next.b, at);
        }
      }
    }
    yield { sessions: page.sort(byStart), cursor: keep };
  }
  const days = Math.min(7, Math.max(1, Math.ceil((ctx.now().getTime() - from.s) / (24 * 3600 * 1000))));
  for await (const domains of dattoSaasDomains(ctx, s)) {
    const page: VendorSession[] = [];
    for (const domain of domains) {
      if (ctx.signal.aborted) return;
      for (const item of await dattoSaasApplications(ctx, s, domain.saasCustomerId, days)) {
        for (const suite of item.suites ?? []) {
          for (const app of suite.appTypes ?? []) {
            for (const h of app.backupHistory ?? []) {
              const session = mapDattoSaasHistory(domain, app.appType, h);
              const end = session?.endTime?.getTime() ?? 0;
              if (!session || !(end > from.s)) continue;
              page.push(session);
              next.s = Math.max(next.s, end);
            }
          }
        }
      }
    }
    if (page.length) yield { sessions: page.sort(byStart), cursor: keep };
  }
  yield { sessions: [], cursor: JSON.stringify(next) };
}

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  const seen = new Set<string>();
  for await (const devices of dattoDevices(ctx, s)) {
    for (const d of devices) {
      const c = dattoBcdrCustomer(d);
      if (c && !seen.has(c.id)) {
        seen.add(c.id);
        yield c;
      }
    }
  }
  for await (const domains of dattoSaasDomains(ctx, s)) {
    for (const d of domains) {
      const c = dattoSaasCustomer(d);
      if (!seen.has(c.id)) {
        seen.add(c.id);
        yield c;
      }
    }
  }
}

async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  for await (const devices of dattoDevices(ctx, s)) {
    for (const d of devices) {
      yield dattoApplianceAsset(d, ctx.now());
      for (const a of await dattoAssets(ctx, s, d.serialNumber)) {
        if (!a.isArchived) yield dattoAgentAsset(d, a);
      }
    }
  }
}

/** Datto BCDR and SaaS Protection through the Datto REST API. */
export const dattoConnector: VendorConnector = {
  type: 'datto',
  async validate(ctx, s) {
    await dattoGet(ctx, s, '/v1/bcdr/device', { _page: 1, _perPage: 1 });
  },
  customers,
  sessions,
  assets,
};
