import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenStub, sendJson as send } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local Slide API: Bearer token, `offset`/`limit` paging (limit at most 50) answering
 * `{pagination: {next_offset}, data}`, Slide's error envelope `{codes, details, message}`, the
 * `/v1/client`, `/v1/device`, `/v1/agent` and `/v1/backup` lists, and `POST /v1/backup`.
 */

const TOKEN = 'tk_stub_slide_api_token';
const REFUSAL = 'unauthorized';
const DAY = 24 * 3600 * 1000;
const MAX_LIMIT = 50;

interface StubBackup {
  /** Start and end as epoch ms, for filtering and ordering (not sent). */
  startMs: number;
  endMs: number | null;
  backup_id: string;
  agent_id: string;
  device_id: string;
  started_at: string;
  ended_at?: string;
  status: string;
  error_code?: number;
  error_message?: string;
  snapshot_id?: string;
}

const id = (prefix: string, n: number) => `${prefix}_${n.toString(36).padStart(12, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hex = (n: number) => (n & 255).toString(16).padStart(2, '0');
const address = (n: number) => [
  { mac: `62:bb:d3:0d:${hex(n >> 8)}:${hex(n)}`, ips: [`10.1.${(n >> 8) & 255}.${n & 255}`] },
];

export async function startSlideStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = Math.min(options.pageSize ?? MAX_LIMIT, MAX_LIMIT);
  const clients = Array.from({ length: customerCount }, (_, c) => ({
    client_id: id('c', c + 1),
    name: `Customer ${c + 1}`,
    comments: '',
  }));
  const devices = clients.map((c, i) => ({
    device_id: id('d', i + 1),
    display_name: `Slide Box ${i + 1}`,
    hostname: `slide-box-${i + 1}`,
    client_id: c.client_id,
    addresses: address(i + 1),
    ip_addresses: address(i + 1)[0]!.ips,
    public_ip_address: '203.0.113.10',
    booted_at: iso(Date.now() - 3 * DAY),
    last_seen_at: iso(Date.now()),
    image_version: '1.0.0',
    package_version: '1.2.3',
    serial_number: `SN${String(i + 1).padStart(6, '0')}`,
    hardware_model_name: 'Slide Z1, 1 TB',
    service_model_name: 'Slide Z1 Subscription, 1 TB, 1 Year Cloud Retention',
    service_model_name_short: '1 Year Cloud Retention',
    service_status: 'active',
    nfr: false,
  }));
  const agents = devices.flatMap((d, i) =>
    Array.from({ length: perCustomer }, (_, a) => {
      const n = i * perCustomer + a + 1;
      return {
        agent_id: id('a', n),
        device_id: d.device_id,
        client_id: d.client_id,
        display_name: `Server ${i + 1}-${a + 1}`,
        hostname: `server-${i + 1}-${a + 1}`,
        addresses: address(1000 + n),
        ip_addresses: address(1000 + n)[0]!.ips,
        booted_at: iso(Date.now() - DAY),
        last_seen_at: iso(Date.now()),
        agent_version: '1.2.3',
        platform: 'Microsoft Windows Server 2022 Standard',
        os: 'windows',
        os_version: '10.0.20348',
        manufacturer: 'Dell Inc.',
        firmware_type: 'UEFI',
        encryption_algorithm: 'aes-256-gcm',
      };
    }),
  );
  // Kept in start order, so a list sorted by start time is a filter.
  const backups: StubBackup[] = [];
  const insert = (b: StubBackup) => {
    let i = backups.length;
    while (i > 0 && backups[i - 1]!.startMs > b.startMs) i--;
    backups.splice(i, 0, b);
  };
  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const agent = agents[seq % agents.length]!;
    // Whole seconds, as Slide's timestamps are: a cursor read back from ended_at matches exactly.
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    const b: StubBackup = {
      startMs: end - 15 * 60_000,
      endMs: end,
      backup_id: id('b', ++seq),
      agent_id: agent.agent_id,
      device_id: agent.device_id,
      started_at: iso(end - 15 * 60_000),
      ended_at: iso(end),
      status: status === 'Success' ? 'succeeded' : status === 'Warning' ? 'canceled' : 'failed',
    };
    if (status === 'Success') b.snapshot_id = id('s', seq);
    if (status === 'Failure') Object.assign(b, { error_code: 51000, error_message: 'Failed to get storage info' });
    insert(b);
    return b.backup_id;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const started: string[] = [];
  const error = (res: ServerResponse, status: number, code: string, message: string, detail: string) =>
    send(res, status, { codes: [code], details: [detail], message });
  const list = <T>(res: ServerResponse, url: URL, items: T[], out: (item: T) => unknown = (x) => x) => {
    const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (!(limit >= 1 && limit <= MAX_LIMIT)) {
      return error(res, 400, 'err_validation_error', 'bad request', `limit must be between 1 and ${MAX_LIMIT}`);
    }
    const n = Math.min(limit, pageSize);
    const data = items.slice(offset, offset + n).map(out);
    send(res, 200, { pagination: offset + n < items.length ? { next_offset: offset + n } : {}, data });
  };
  const body = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        try {
          resolve(JSON.parse(raw || '{}') as Record<string, unknown>);
        } catch {
          resolve({});
        }
      });
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const auth = req.headers.authorization;
    if (!auth) {
      return error(res, 401, 'err_missing_authentication', REFUSAL, 'You did not provide an API token.');
    }
    if (auth !== `Bearer ${TOKEN}`) {
      return error(
        res,
        401,
        'err_unauthorized',
        REFUSAL,
        'Invalid API token provided or you do not have permission to access this resource.',
      );
    }
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) {
      res.setHeader('Retry-After', '1');
      return error(res, 429, 'err_rate_limit_exceeded', 'too many requests', 'Rate limit exceeded.');
    }
    if (fail) return error(res, fail, 'err_internal_server_error', 'internal server error', 'Something went wrong.');
    const q = (k: string) => url.searchParams.get(k);
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/backup') {
      const agentId = String((await body(req)).agent_id ?? '');
      const agent = agents.find((a) => a.agent_id === agentId);
      if (!agent) return error(res, 404, 'err_entity_not_found', 'not found', 'Agent not found.');
      started.push(agentId);
      const backupId = id('b', ++seq);
      const now = Date.now();
      insert({
        startMs: now,
        endMs: null,
        backup_id: backupId,
        agent_id: agentId,
        device_id: agent.device_id,
        started_at: iso(now),
        status: 'started',
      });
      return send(res, 202, { backup_id: backupId });
    }
    if (req.method !== 'GET') return error(res, 404, 'err_endpoint_not_found', 'not found', 'Endpoint not found.');
    if (path === '/v1/client') return list(res, url, clients);
    if (path === '/v1/device')
      return list(
        res,
        url,
        devices.filter((d) => !q('client_id') || d.client_id === q('client_id')),
      );
    if (path === '/v1/agent') {
      return list(
        res,
        url,
        agents.filter(
          (a) =>
            (!q('device_id') || a.device_id === q('device_id')) && (!q('client_id') || a.client_id === q('client_id')),
        ),
      );
    }
    const one = /^\/v1\/agent\/([^/]+)$/.exec(path);
    if (one) {
      const agent = agents.find((a) => a.agent_id === one[1]);
      return agent ? send(res, 200, agent) : error(res, 404, 'err_entity_not_found', 'not found', 'Agent not found.');
    }
    if (path === '/v1/backup') {
      const endedAfter = q('backup_ended_after') ? Date.parse(q('backup_ended_after')!) : null;
      let items = backups.filter(
        (b) =>
          (!q('agent_id') || b.agent_id === q('agent_id')) &&
          (!q('device_id') || b.device_id === q('device_id')) &&
          (endedAfter === null || (b.endMs !== null && b.endMs > endedAfter)),
      );
      if (q('sort_by') === 'id') items.sort((a, b) => a.backup_id.localeCompare(b.backup_id));
      if (q('sort_asc') !== 'true') items = items.reverse();
      return list(res, url, items, ({ startMs: _s, endMs: _e, device_id: _d, ...b }) => b);
    }
    return error(res, 404, 'err_endpoint_not_found', 'not found', 'Endpoint not found.');
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'slide',
    url,
    credentials: () => ({ ApiUrl: url, ApiToken: TOKEN }),
    wrongCredentials: () => ({ ApiUrl: url, ApiToken: 'tk_wrong_token' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => clients.map((c) => ({ id: c.client_id, name: c.name })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    started,
    close,
  };
}
