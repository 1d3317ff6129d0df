import { createServer, type ServerResponse } from 'node:http';
import type { BackupSourceType } from '@vigil/contract';
import { listenStub, sendJson as send } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local x360Recover public API: the `x-api-key` header (401 `{"message": "Unauthorized"}`),
 * `/organization`, `/client`, `/client/{id}/device` (devices carry their jobs),
 * `/client/{id}/device/{id}/job`, `/client/{id}/appliance` and the job history with
 * `limit`/`offset`/`starttime_begin`; other errors as problem+json.
 */

const KEY = 'ax_stub_x360recover_api_key';
const REFUSAL = 'Unauthorized';
const DAY = 24 * 3600 * 1000;
const RUN_MS = 20 * 60_000;
const MAX_LIMIT = 500;

interface StubRun {
  startMs: number;
  status: 'Completed' | 'Failed';
  start_time: string;
  end_time: string;
  rp: string | null;
  error_msg: string | null;
}
interface StubJob {
  id_: number;
  name: string;
  runs: StubRun[];
}
interface StubDevice {
  id_: number;
  name: string;
  clientId: number;
  applianceId: number;
  jobs: StubJob[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startReplibitStub(
  options: StubOptions = {},
  type: BackupSourceType = 'replibit',
): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  // A legacy estate of its own: other ids and machine names than the x360Recover one.
  const legacy = type !== 'replibit';
  const base = legacy ? 300 : 100;
  const machine = legacy ? 'PC' : 'Server';
  const clients = Array.from({ length: customerCount }, (_, c) => ({
    id_: base + c + 1,
    name: `Customer ${c + 1}`,
    client_code: `customer${c + 1}`,
    active: true,
    health_status: 'NORMAL',
  }));
  const appliances = clients.map((c, i) => ({
    id_: base * 5 + i + 1,
    clientId: c.id_,
    service_id: `ab${String(i + 1).padStart(2, '0')}`,
    alias: `Appliance ${i + 1}`,
    ip_address: `10.0.${i + 1}.1`,
    server_id: `7099d6d7-67cd-4809-b6bc-${String(i + 1).padStart(12, '0')}`,
    active: true,
    product: 'X360RECOVER',
    model: { id_: 392, name: 'BYOD' },
    package: { id_: 10, name: 'Axcient Replibit' },
    service_type: 'HARDWARE',
    tunnel_status: 'UP',
    software_version: { id_: 15, version: '10.1.0' },
    health_status: 'NORMAL',
  }));
  const devices: StubDevice[] = clients.flatMap((c, i) =>
    Array.from({ length: perCustomer }, (_, d) => {
      const n = i * perCustomer + d + 1;
      return {
        id_: base * 10 + n,
        name: `${machine} ${i + 1}-${d + 1}`,
        clientId: c.id_,
        applianceId: appliances[i]!.id_,
        jobs: [{ id_: base * 600 + n, name: 'Nightly image', runs: [] }],
      };
    }),
  );
  const byClient = new Map<number, StubDevice[]>();
  for (const d of devices) byClient.set(d.clientId, [...(byClient.get(d.clientId) ?? []), d]);

  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const device = devices[seq++ % devices.length]!;
    const job = device.jobs[0]!;
    // Whole seconds, as the API's timestamps are.
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    const start = end - RUN_MS;
    const run: StubRun = {
      startMs: start,
      status: status === 'Failure' ? 'Failed' : 'Completed',
      start_time: iso(start),
      end_time: iso(end),
      rp: status === 'Failure' ? null : iso(start),
      error_msg:
        status === 'Failure'
          ? "Snapshot creation for volumes failed, reason: There aren't any snapshots in this system"
          : status === 'Warning'
            ? 'Volume E:\\ was skipped: the volume is offline'
            : null,
    };
    let i = job.runs.length;
    while (i > 0 && job.runs[i - 1]!.startMs > start) i--;
    job.runs.splice(i, 0, run);
    return `${device.id_}:${job.id_}:${new Date(start).toISOString()}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const deviceOut = (d: StubDevice) => ({
    id_: d.id_,
    name: d.name,
    type: 'SERVER',
    os: { os_type: 'WINDOWS', bits: 64, os_name: 'Windows Server 2022 Standard' },
    service_id: appliances.find((a) => a.id_ === d.applianceId)!.service_id,
    product: 'X360RECOVER',
    ip_address: `10.1.${(d.id_ >> 8) & 255}.${d.id_ & 255}`,
    agent_version: '2.33.1134',
    d2c: false,
    client_id: d.clientId,
    jobs: d.jobs.map((j) => ({ id_: j.id_, name: j.name, latest_rp: j.runs.findLast((r) => r.rp)?.rp ?? null })),
    current_health_status: { status: 'NORMAL', reason: null, timestamp: iso(Date.now()) },
    device_details_page_url: `https://partner.axcient.com/home/device/${d.id_}`,
  });

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const problem = (res: ServerResponse, status: number, title: string, detail: string, kind = 'about:blank') =>
    send(res, status, { detail, status, title, type: kind }, { 'Content-Type': 'application/problem+json' });
  const notFound = (res: ServerResponse, what: string, id: string) =>
    problem(res, 404, `${what} not found`, `${what} with such id = ${id} is not found`, 'NotFoundException');

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.headers['x-api-key'] !== KEY) return send(res, 401, { message: REFUSAL });
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) return send(res, 429, { message: 'Too Many Requests' }, { 'Retry-After': '1' });
    if (fail) return problem(res, fail, 'Internal Server Error', 'The server encountered an internal error.');
    if (req.method !== 'GET') return problem(res, 405, 'Method Not Allowed', 'The method is not allowed.');
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/organization') {
      return send(res, 200, { id_: 26, name: 'Stub MSP', active: true, brand_id: 'STUB', salesforce_id: 'x' });
    }
    if (path === '/client') return send(res, 200, clients);
    let m = /^\/client\/(\d+)(?:\/(device|appliance))?$/.exec(path);
    if (m) {
      const client = clients.find((c) => c.id_ === Number(m![1]));
      if (!client) return notFound(res, 'Client', m[1]!);
      if (!m[2]) return send(res, 200, client);
      if (m[2] === 'device') return send(res, 200, (byClient.get(client.id_) ?? []).map(deviceOut));
      const own = appliances.filter((a) => a.clientId === client.id_);
      return send(
        res,
        200,
        own.map(({ clientId: _c, ...a }) => ({
          ...a,
          devices:
            url.searchParams.get('include_devices') === 'false'
              ? undefined
              : devices.filter((d) => d.applianceId === a.id_).map((d) => ({ id_: d.id_, name: d.name })),
        })),
      );
    }
    m = /^\/client\/(\d+)\/device\/(\d+)\/job(?:\/(\d+)(\/history)?)?$/.exec(path);
    if (m) {
      const device = devices.find((d) => d.id_ === Number(m![2]) && d.clientId === Number(m![1]));
      if (!device) return notFound(res, 'Device', m[2]!);
      if (!m[3])
        return send(
          res,
          200,
          device.jobs.map((j) => ({ id_: j.id_, name: j.name, enabled: true })),
        );
      const job = device.jobs.find((j) => j.id_ === Number(m![3]));
      if (!job) return notFound(res, 'Job', m[3]);
      if (!m[4]) return send(res, 200, { id_: job.id_, name: job.name, enabled: true });
      const begin = Number(url.searchParams.get('starttime_begin') ?? 0) * 1000;
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      const limit = Math.min(MAX_LIMIT, Math.max(1, Number(url.searchParams.get('limit') ?? MAX_LIMIT)));
      let lo = 0;
      while (lo < job.runs.length && job.runs[lo]!.startMs < begin) lo++;
      const page = job.runs.slice(lo + offset, lo + offset + limit).map(({ startMs: _s, ...r }) => r);
      return send(res, 200, page);
    }
    return problem(res, 404, 'Not Found', 'The requested URL was not found on the server.');
  });
  const { url, close } = await listenStub(server);

  return {
    type,
    url,
    credentials: () => ({ ApiUrl: url, ApiKey: KEY }),
    wrongCredentials: () => ({ ApiUrl: url, ApiKey: 'ax_wrong_key' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => clients.map((c) => ({ id: String(c.id_), name: c.name })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}

export const startReplibitLegacyStub = (options: StubOptions = {}) => startReplibitStub(options, 'replibit-legacy');
