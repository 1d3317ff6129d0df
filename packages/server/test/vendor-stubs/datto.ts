import { createServer, type IncomingMessage } from 'node:http';
import { listenStub, sendJson as send } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local Datto REST API: HTTP Basic with a public/secret key pair, `/v1/bcdr/device` paged with
 * `_page`/`_perPage` in a `{pagination, items}` envelope, `/v1/bcdr/device/{serial}/asset` with each
 * asset's backups newest first, and `/v1/saas/domains` (none in this estate).
 */

const PUBLIC_KEY = 'stub-public-key';
const SECRET_KEY = 'stub-secret-key';
const REFUSAL = 'Invalid API credentials';
const DAY = 24 * 3600 * 1000;

interface StubBackup {
  at: number;
  status: 'Success' | 'Warning' | 'Failure';
}
interface StubAgent {
  name: string;
  volume: string;
  backups: StubBackup[];
}
interface StubAppliance {
  serial: string;
  name: string;
  company: string;
  agents: StubAgent[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

function backupJson(b: StubBackup) {
  return {
    timestamp: iso(b.at),
    backup:
      b.status === 'Failure'
        ? { status: 'failure', errorMessage: 'Unable to take snapshot: the agent did not respond' }
        : { status: 'success', errorMessage: null },
    localVerification:
      b.status === 'Warning'
        ? { status: 'failure', errors: [{ errorType: 'filesystem', errorMessage: 'Filesystem check found errors' }] }
        : { status: 'success', errors: [] },
    advancedVerification: { screenshotVerification: { status: 'success', image: null } },
  };
}

export async function startDattoStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = options.pageSize ?? 100;
  const appliances: StubAppliance[] = [];
  const agents: { appliance: StubAppliance; agent: StubAgent }[] = [];
  for (let c = 0; c < customerCount; c++) {
    const serial = `A0B1C2${String(c).padStart(6, '0')}`;
    const appliance: StubAppliance = { serial, name: `siris-${c + 1}`, company: `Customer ${c + 1}`, agents: [] };
    for (let d = 0; d < perCustomer; d++) {
      const agent = {
        name: `host-${c + 1}-${d + 1}`,
        volume: `${serial.toLowerCase()}v${String(d).padStart(4, '0')}`,
        backups: [],
      };
      appliance.agents.push(agent);
      agents.push({ appliance, agent });
    }
    appliances.push(appliance);
  }
  let last = Math.floor((Date.now() - 2 * DAY) / 1000) * 1000;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total) / 1000) * 1000);
  let turn = 0;
  const add = (status: StubBackup['status'], at?: Date): string => {
    const slot = agents[turn++ % agents.length]!;
    const ms = at
      ? Math.floor(at.getTime() / 1000) * 1000
      : Math.max(last + 1000, Math.floor(Date.now() / 1000) * 1000);
    last = Math.max(last, ms);
    slot.agent.backups.push({ at: ms, status });
    return `${slot.appliance.serial}/${slot.agent.volume}/${ms / 1000}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 7 === 6 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const authorized = (req: IncomingMessage) => {
    const h = req.headers.authorization ?? '';
    if (!h.startsWith('Basic ')) return false;
    return Buffer.from(h.slice(6), 'base64').toString('utf8') === `${PUBLIC_KEY}:${SECRET_KEY}`;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (!authorized(req)) return send(res, 401, { code: 401, message: REFUSAL });
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) return send(res, 429, { code: 429, message: 'Too Many Requests' }, { 'Retry-After': '1' });
    if (fail) return send(res, fail, { code: fail, message: 'Internal Server Error' });
    if (req.method !== 'GET') return send(res, 405, { code: 405, message: 'Method Not Allowed' });
    const path = url.pathname;
    if (path === '/v1/bcdr/device') {
      const page = Math.max(1, Number(url.searchParams.get('_page') ?? 1));
      const per = Math.min(pageSize, Math.max(1, Number(url.searchParams.get('_perPage') ?? pageSize)));
      const slice = appliances.slice((page - 1) * per, page * per);
      return send(res, 200, {
        pagination: { page, perPage: per, totalPages: Math.ceil(appliances.length / per), count: appliances.length },
        items: slice.map((a) => ({
          serialNumber: a.serial,
          name: a.name,
          model: 'S3B2000',
          lastSeenDate: iso(Date.now()),
          clientCompanyName: a.company,
          hidden: false,
          servicePlan: 'Infinite Cloud Retention',
          internalIP: '10.0.0.10',
          uptime: 86_400,
          remoteWebUrl: `https://device.dattobackup.com/access/${a.serial}`,
          agentCount: a.agents.length,
          shareCount: 0,
        })),
      });
    }
    const asset = /^\/v1\/bcdr\/device\/([^/]+)\/asset$/.exec(path);
    if (asset) {
      const appliance = appliances.find((a) => a.serial === decodeURIComponent(asset[1]!));
      if (!appliance) return send(res, 404, { code: 404, message: 'Device not found' });
      return send(
        res,
        200,
        appliance.agents.map((a) => ({
          name: a.name,
          volume: a.volume,
          localIp: '10.0.0.20',
          os: 'Windows Server 2019',
          agentVersion: '2.5.0.0',
          isPaused: false,
          isArchived: false,
          fqdn: `${a.name}.example.local`,
          type: 'agent',
          lastSnapshot: a.backups.length ? a.backups[a.backups.length - 1]!.at / 1000 : null,
          backups: a.backups.slice().reverse().map(backupJson),
        })),
      );
    }
    if (path === '/v1/saas/domains') return send(res, 200, []);
    return send(res, 404, { code: 404, message: 'Not Found' });
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'datto',
    url,
    credentials: () => ({ ApiUrl: url, PublicKey: PUBLIC_KEY, SecretKey: SECRET_KEY }),
    wrongCredentials: () => ({ ApiUrl: url, PublicKey: PUBLIC_KEY, SecretKey: 'wrong-secret' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => appliances.map((a) => ({ id: a.company, name: a.company })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
