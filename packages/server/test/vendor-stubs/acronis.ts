import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * An Acronis Cyber Protect Cloud data center: OAuth 2 client credentials at /api/2/idp/token (HTTP
 * Basic), Bearer calls to Account Management (/api/2/clients, /api/2/tenants), Task Manager
 * (/api/task_manager/v2/tasks with filters, `limit` and the `after` page token) and Resource
 * Management (/api/resource_management/v4/resources).
 */
const CLIENT_ID = '3f1c6d2a-5b7e-4c8d-9e0f-1a2b3c4d5e6f';
const CLIENT_SECRET = 'acronis-stub-secret';
const REFUSAL = 'Client authentication failed';
const TOKEN = 'stub-access-token';
const DAY = 86_400_000;

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** RFC 3339 with nanoseconds, as the Task Manager writes times. */
const nanoIso = (ms: number, extra: number) =>
  new Date(ms).toISOString().replace('Z', `${String(extra).padStart(6, '0')}Z`);
/** Nanoseconds since the epoch of an RFC 3339 time, for exact `gt` comparisons. */
function nanos(iso: string): bigint {
  const m = /^(.*?)(?:\.(\d+))?Z$/.exec(iso);
  if (!m) return BigInt(Date.parse(iso)) * 1_000_000n;
  return BigInt(Date.parse(`${m[1]}Z`)) * 1_000_000n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 9));
}

/** Tenant, resource and task objects, the fields this stub fills. */
interface AcronisTenant {
  id: string;
  name: string;
  kind: string;
  parent_id?: string;
  enabled?: boolean;
}
interface AcronisResource {
  id: string;
  type: string;
  name: string;
  tenant_id: string;
  agent_id: string;
  agent_version: string;
  os: { family: string; name: string };
}
interface Ref {
  id: string;
  type: string;
  name: string;
}
interface AcronisTask {
  id: number;
  idString: string;
  uuid: string;
  type: string;
  queue: string;
  state: string;
  resultCode?: string;
  result: { code: string; error: { domain: string; code: string; reason: string } | null } | null;
  tenant: { id: string; uuid: string };
  tenantName: string;
  policy: Ref;
  resource: Ref;
  executor: Ref;
  enqueuedAt: string;
  startedAt: string;
  completedAt: string | null;
}
interface StubTask extends AcronisTask {
  at: bigint;
}

export async function startAcronisStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const devicesPer = options.devicesPerCustomer ?? 2;
  const maxPage = options.pageSize ?? 100;
  const partner: AcronisTenant = { id: uuid(1, 0), name: 'Stub MSP', kind: 'partner' };
  const folder: AcronisTenant = {
    id: uuid(1, 999_999),
    name: 'Retail customers',
    kind: 'folder',
    parent_id: partner.id,
  };
  const tenants = new Map<string, AcronisTenant>([
    [partner.id, partner],
    [folder.id, folder],
  ]);
  const children = new Map<string, string[]>([
    [partner.id, [folder.id]],
    [folder.id, []],
  ]);
  const customers: AcronisTenant[] = [];
  const resources: AcronisResource[] = [];
  for (let c = 1; c <= customerCount; c++) {
    // Every third customer sits in a folder under the partner.
    const parent = c % 3 === 0 ? folder : partner;
    const tenant: AcronisTenant = {
      id: uuid(2, c),
      name: `Customer ${c} GmbH`,
      kind: 'customer',
      parent_id: parent.id,
      enabled: true,
    };
    tenants.set(tenant.id, tenant);
    children.get(parent.id)!.push(tenant.id);
    customers.push(tenant);
    for (let d = 1; d <= devicesPer; d++) {
      resources.push({
        id: uuid(3, c * 10_000 + d),
        type: 'resource.machine',
        name: `c${c}-srv${String(d).padStart(2, '0')}`,
        tenant_id: tenant.id,
        agent_id: uuid(4, c * 10_000 + d),
        agent_version: '24.12.39185',
        os: { family: 'windows', name: 'Microsoft Windows Server 2022 Standard' },
      });
    }
  }

  const tasks: StubTask[] = [];
  let next = 1;
  const tenantOf = (r: AcronisResource) => tenants.get(r.tenant_id)!;
  const customerIndex = (id: string) => customers.findIndex((c) => c.id === id) + 1;
  const makeTask = (completedMs: number, code: string, type = 'backup', state = 'completed'): StubTask => {
    const r = resources[next % resources.length]!;
    const n = next++;
    const completedAt = state === 'completed' ? nanoIso(completedMs, n % 1_000_000) : null;
    const task: StubTask = {
      id: 944455285181775872 + n,
      idString: String(944455285181775872n + BigInt(n)),
      uuid: uuid(5, n),
      type,
      queue: type === 'backup' ? 'cti_backup' : 'cti_other',
      state,
      resultCode: state === 'completed' ? code : undefined,
      result:
        state === 'completed'
          ? {
              code,
              error:
                code === 'error'
                  ? { domain: 'Backup', code: 'E_DISK_IO', reason: 'Failed to read data from the disk.' }
                  : null,
            }
          : null,
      tenant: { id: String(1_000_000 + customerIndex(r.tenant_id)), uuid: r.tenant_id },
      tenantName: tenantOf(r).name,
      policy: { id: uuid(6, 1), type: 'policy.protection.total', name: 'Total protection' },
      resource: { id: r.id, type: r.type, name: r.name },
      executor: { id: r.agent_id, type: 'machine', name: r.name },
      enqueuedAt: nanoIso(completedMs - 900_000, 0),
      startedAt: nanoIso(completedMs - 600_000, 0),
      completedAt,
      at: completedAt ? nanos(completedAt) : 0n,
    };
    tasks.push(task);
    return task;
  };
  const now = Date.now();
  const initial = options.sessions ?? 40;
  for (let i = 0; i < initial; i++) {
    makeTask(
      now - 60_000 - Math.floor(((initial - i) / initial) * 2 * DAY),
      i % 10 === 9 ? 'warning' : i % 15 === 14 ? 'error' : 'ok',
    );
  }
  // Not results: a running backup and a finished restore.
  makeTask(now, 'ok', 'backup', 'started');
  makeTask(now - 3_600_000, 'ok', 'recovery');

  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const requests: { method: string; path: string }[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() =>
      send(res, 500, { error: { code: 500, reason: 'internal', message: 'Internal error' } }),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    requests.push({ method: req.method ?? 'GET', path: path + url.search });
    const form = new URLSearchParams(await body(req));
    if (path === '/api/2/idp/token' && req.method === 'POST') {
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || form.get('grant_type') !== 'client_credentials') {
        return send(res, 401, { error: 'invalid_client', error_description: REFUSAL });
      }
      return send(res, 200, {
        access_token: TOKEN,
        token_type: 'bearer',
        expires_on: Math.floor(Date.now() / 1000) + 7200,
        id_token: TOKEN,
      });
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return send(res, 401, {
        error: { code: 401, reason: 'unauthorized', message: 'Access token is missing or invalid' },
      });
    }
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      if (failures.status === 429) res.setHeader('Retry-After', '1');
      return send(res, failures.status, {
        error: { code: failures.status, reason: 'busy', message: 'Too many requests' },
      });
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/api\/2\/clients\/([^/]+)$/.exec(path))) {
      if (decodeURIComponent(m[1]!) !== CLIENT_ID)
        return send(res, 404, { error: { code: 404, reason: 'not_found', message: 'Client not found' } });
      return send(res, 200, {
        id: CLIENT_ID,
        tenant_id: partner.id,
        type: 'api_client',
        status: 'enabled',
        data: { client_name: 'Vigil' },
      });
    }
    if ((m = /^\/api\/2\/tenants\/([^/]+)\/children$/.exec(path))) {
      return send(res, 200, { items: children.get(decodeURIComponent(m[1]!)) ?? [], timestamp: Date.now() });
    }
    if (path === '/api/2/tenants') {
      const ids = (url.searchParams.get('uuids') ?? '').split(',').filter(Boolean);
      return send(res, 200, { items: ids.flatMap((id) => tenants.get(id) ?? []) });
    }
    if (path === '/api/task_manager/v2/tasks') return sendTasks(url, res);
    if (path === '/api/resource_management/v4/resources') {
      const { offset, limit } = page(url);
      const type = url.searchParams.get('type') ?? cursorQuery(url).type;
      const items = resources.filter((r) => !type || r.type === type);
      return sendPage(
        res,
        items.slice(offset, offset + limit),
        offset + limit < items.length ? { type, offset: offset + limit } : null,
      );
    }
    return send(res, 404, { error: { code: 404, reason: 'not_found', message: 'Not found' } });
  }

  function sendTasks(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    const filters = q.after ? cursorQuery(url) : q;
    const { offset, limit } = page(url);
    const gt = /^gt\((.+)\)$/.exec(filters.completedAt ?? '');
    const since = gt ? nanos(gt[1]!) : null;
    const matching = tasks.filter(
      (t) =>
        (!filters.type || t.type === filters.type) &&
        (!filters.state || t.state === filters.state) &&
        (since === null || (t.completedAt !== null && t.at > since)),
    );
    if (filters.order === 'asc(completedAt)') matching.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const items = matching.slice(offset, offset + limit).map(({ at: _at, ...t }) => t);
    return sendPage(res, items, offset + limit < matching.length ? { ...filters, offset: offset + limit } : null);
  }

  function page(url: URL) {
    const limit = Math.min(Number(url.searchParams.get('limit')) || maxPage, maxPage);
    const offset = url.searchParams.get('after') ? Number(cursorQuery(url).offset ?? 0) : 0;
    return { offset, limit };
  }

  function cursorQuery(url: URL): Record<string, string> {
    const after = url.searchParams.get('after');
    if (!after) return {};
    try {
      return JSON.parse(Buffer.from(after, 'base64').toString('utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  function sendPage(res: ServerResponse, items: unknown[], next: Record<string, unknown> | null) {
    const after = next ? Buffer.from(JSON.stringify(next)).toString('base64') : undefined;
    return send(res, 200, { items, paging: { cursors: after ? { after } : {} } });
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    type: 'acronis',
    url,
    credentials: () => ({ DataCenterUrl: url, ClientId: CLIENT_ID, ClientSecret: CLIENT_SECRET }),
    wrongCredentials: () => ({ DataCenterUrl: url, ClientId: CLIENT_ID, ClientSecret: 'not-the-secret' }),
    refusalText: REFUSAL,
    addSessions(count, opts = {}) {
      const at = (opts.at ?? new Date()).getTime();
      const code = { Success: 'ok', Warning: 'warning', Failure: 'error' }[opts.status ?? 'Success'];
      return Array.from({ length: count }, () => makeTask(at, code).uuid);
    },
    customers: () => customers.map((t) => ({ id: t.id, name: t.name })),
    failNext(count, status) {
      failures = { count, status };
    },
    requests,
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, data: unknown) {
  const text = JSON.stringify(data);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
