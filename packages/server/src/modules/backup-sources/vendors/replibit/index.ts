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
import { listOf, x360Get, x360Pages } from './client.ts';
import {
  mapX360Run,
  x360ApplianceAsset,
  x360Customer,
  x360DeviceAsset,
  type X360Appliance,
  type X360Client,
  type X360Device,
  type X360JobRun,
  type X360ShortJob,
} from './mapping.ts';

/** Runs are asked for by start time: a run that started this long before the cursor and ended after it is still read. */
const LONG_RUN_MS = 12 * 3600 * 1000;
/** Devices read at once. */
const PARALLEL = 4;

const clientsOf = async (ctx: VendorContext, s: SourceSettings) =>
  listOf<X360Client>(await x360Get<unknown>(ctx, s, '/client'));
const devicesOf = async (ctx: VendorContext, s: SourceSettings, c: X360Client) =>
  listOf<X360Device>(await x360Get<unknown>(ctx, s, `/client/${c.id_}/device`));

/** The device's jobs as it lists them, or from the job list when the device does not. */
async function jobsOf(ctx: VendorContext, s: SourceSettings, c: X360Client, d: X360Device): Promise<X360ShortJob[]> {
  if (Array.isArray(d.jobs)) return d.jobs;
  return listOf<X360ShortJob>(await x360Get<unknown>(ctx, s, `/client/${c.id_}/device/${d.id_}/job`));
}

/** A device's runs that started up to a long run before `from`; the read's window keeps those that ended after it. */
async function deviceRuns(
  ctx: VendorContext,
  s: SourceSettings,
  client: X360Client,
  device: X360Device,
  from: Date,
): Promise<VendorSession[]> {
  const out: VendorSession[] = [];
  const startBegin = Math.floor((from.getTime() - LONG_RUN_MS) / 1000);
  for (const job of await jobsOf(ctx, s, client, device)) {
    const path = `/client/${client.id_}/device/${device.id_}/job/${job.id_}/history`;
    for await (const runs of x360Pages<X360JobRun>(ctx, s, path, { starttime_begin: startBegin })) {
      for (const run of runs) {
        const session = mapX360Run(run, { client, device, job, convention: s.credentials.NamingConvention });
        if (session) out.push(session);
      }
    }
  }
  return out;
}

/** The cursor is the end time of the newest run read (ISO); the first read goes back 7 days. */
async function* sessions(ctx: VendorContext, s: SourceSettings, cursor: string | null): AsyncGenerator<SessionPage> {
  const w = new EndTimeWindow(cursor, ctx.now());
  for (const client of await clientsOf(ctx, s)) {
    const devices = await devicesOf(ctx, s, client);
    for (let i = 0; i < devices.length; i += PARALLEL) {
      if (ctx.signal.aborted) return;
      const batch = devices.slice(i, i + PARALLEL);
      const runs = (await Promise.all(batch.map((d) => deviceRuns(ctx, s, client, d, w.from)))).flat();
      const found = runs.filter((x) => w.admit(x));
      if (found.length) yield w.page(found);
    }
  }
  yield w.last();
}

async function* customers(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorCustomer> {
  for (const c of await clientsOf(ctx, s)) yield x360Customer(c);
}

async function* assets(ctx: VendorContext, s: SourceSettings): AsyncGenerator<VendorAsset> {
  for (const client of await clientsOf(ctx, s)) {
    const appliances = listOf<X360Appliance>(
      await x360Get<unknown>(ctx, s, `/client/${client.id_}/appliance`, { include_devices: true }),
    );
    const applianceOf = new Map<number, X360Appliance>();
    for (const a of appliances) {
      yield x360ApplianceAsset(a, client);
      for (const d of a.devices ?? []) applianceOf.set(d.id_, a);
    }
    for (const d of await devicesOf(ctx, s, client)) yield x360DeviceAsset(d, client, applianceOf.get(d.id_) ?? null);
  }
}

/** Axcient x360Recover through its public API (read-only: it cannot start a backup). */
export const x360RecoverConnector: VendorConnector = {
  type: 'replibit',
  async validate(ctx, s) {
    await x360Get(ctx, s, '/organization');
  },
  customers,
  sessions,
  assets,
};

/**
 * Replibit appliances and vaults from before the x360Recover name: Axcient publishes no API of
 * its own for them; they report into the x360Portal and are read through the same public API.
 */
export const replibitLegacyConnector: VendorConnector = { ...x360RecoverConnector, type: 'replibit-legacy' };
