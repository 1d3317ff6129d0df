import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * Veeam Service Provider Console REST API v3 as documented: `Authorization: Bearer <API key>`,
 * collections under /api/v3 paged with limit (at most 500) and offset, `meta.pagingInfo`
 * {total, count, offset}, `filter`/`sort` as JSON arrays, errors as `{ errors: [{ message, type,
 * code }] }`. The estate: companies, one Veeam Backup & Replication server each, Veeam Agents
 * (the devices), and jobs whose latest session is the result (agent jobs mostly, with server
 * jobs and Microsoft 365 jobs mixed in), plus one running agent job per company.
 */

const API_KEY = 'vspc-stub-key';
export const VSPC_REFUSAL = 'Authentication failed. The API key is invalid or has been revoked.';
const MAX_LIMIT = 500;

type Kind = 'job' | 'agent' | 'm365';
interface Job {
  kind: Kind;
  uid: string;
  name: string;
  org: number;
  device: number;
  status: string;
  lastRun: string;
  lastEndTime: string | null;
  message: string;
}

const uid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export async function startVeeamStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const sessionCount = options.sessions ?? 30;
  const pageSize = Math.min(options.pageSize ?? MAX_LIMIT, MAX_LIMIT);
  const now = Date.now();

  const companies = Array.from({ length: customerCount }, (_, i) => ({
    instanceUid: uid(1, i + 1),
    name: `Customer ${i + 1}`,
    status: 'Active',
  }));
  const servers = companies.map((c, i) => ({
    instanceUid: uid(2, i + 1),
    name: `VBR-${String(i + 1).padStart(2, '0')}`,
    organizationUid: c.instanceUid,
    version: '12.1.2.172',
    displayVersion: '12.1.2.172',
    backupServerRoleType: 'Client',
    status: 'Healthy',
  }));
  const agents = companies.flatMap((c, ci) =>
    Array.from({ length: perCustomer }, (_, d) => ({
      instanceUid: uid(3, ci * perCustomer + d + 1),
      name: `C${ci + 1}-PC${String(d + 1).padStart(3, '0')}`,
      organizationUid: c.instanceUid,
      agentPlatform: d % 5 === 4 ? 'Linux' : 'Windows',
      platform: 'Physical',
      version: '6.1.2.134',
      status: 'Active',
      operationMode: 'Server',
    })),
  );
  const deviceCount = Math.max(1, agents.length);

  const jobs: Record<Kind, Job[]> = { job: [], agent: [], m365: [] };
  const all: Job[] = [];
  const statusOf = (i: number) => (i % 11 === 10 ? 'Failed' : i % 7 === 6 ? 'Warning' : 'Success');
  const messageOf = (status: string) =>
    status === 'Failed'
      ? 'Error: The network path was not found.'
      : status === 'Warning'
        ? 'Changed block tracking is disabled.'
        : '';
  const span = 2 * 86_400_000;
  for (let i = 0; i < sessionCount; i++) {
    const kind: Kind = i % 10 === 0 ? 'job' : i % 10 === 5 ? 'm365' : 'agent';
    const device = i % deviceCount;
    const org = Math.floor(device / Math.max(1, perCustomer)) % Math.max(1, customerCount);
    const end = now - span + Math.floor(((i + 1) * span) / (sessionCount + 1));
    const status = statusOf(i);
    const job: Job = {
      kind,
      uid: uid(kind === 'job' ? 4 : kind === 'agent' ? 5 : 6, i + 1),
      name:
        kind === 'job'
          ? `Servers nightly ${i + 1}`
          : kind === 'm365'
            ? `Microsoft 365 ${i + 1}`
            : `Agent backup ${i + 1}`,
      org,
      device,
      status,
      lastRun: new Date(end - 600_000).toISOString(),
      lastEndTime: kind === 'm365' ? null : new Date(end).toISOString(),
      message: messageOf(status),
    };
    jobs[kind].push(job);
    all.push(job);
  }
  // A job still running is not a result yet.
  companies.forEach((_, ci) => {
    jobs.agent.push({
      kind: 'agent',
      uid: uid(7, ci + 1),
      name: 'Running agent backup',
      org: ci,
      device: ci * perCustomer,
      status: 'Running',
      lastRun: new Date(now - 60_000).toISOString(),
      lastEndTime: new Date(now - 86_400_000).toISOString(),
      message: '',
    });
  });

  const serverJob = (j: Job) => ({
    instanceUid: j.uid,
    name: j.name,
    backupServerUid: servers[j.org]?.instanceUid ?? null,
    organizationUid: companies[j.org]?.instanceUid ?? null,
    status: j.status,
    type: 'BackupVm',
    lastRun: j.lastRun,
    lastEndTime: j.lastEndTime,
    lastDuration: 600,
    transferredData: 1_073_741_824,
    failureMessage: j.message,
    isEnabled: true,
  });
  const agentJob = (j: Job) => ({
    instanceUid: j.uid,
    name: j.name,
    backupAgentUid: agents[j.device]?.instanceUid ?? null,
    organizationUid: companies[j.org]?.instanceUid ?? null,
    status: j.status,
    backupMode: j.device % 3 === 2 ? 'File' : 'EntireComputer',
    lastRun: j.lastRun,
    lastEndTime: j.lastEndTime,
    lastDuration: 600,
    lastTransferredData: 52_428_800,
    failureMessage: j.message,
  });
  const vb365Job = (j: Job) => ({
    instanceUid: j.uid,
    name: j.name,
    jobType: 'BackupJob',
    vb365OrganizationUid: uid(8, j.org + 1),
    vspcOrganizationUid: companies[j.org]?.instanceUid ?? null,
    vspcOrganizationName: companies[j.org]?.name ?? null,
    vb365ServerName: 'VB365-01',
    lastRun: j.lastRun,
    lastStatus: j.status,
    lastStatusDetails: j.message,
    isEnabled: true,
  });

  const requests: { method: string; path: string }[] = [];
  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, type = 'logical') =>
    send(res, status, { meta: null, data: null, errors: [{ message, type, code: status === 401 ? 1000 : status }] });

  type Row = Record<string, unknown>;
  function list(res: ServerResponse, url: URL, source: Job[] | Row[], view?: (j: Job) => Row) {
    let rows: Row[] = view ? (source as Job[]).map(view) : (source as Row[]);
    const filter = url.searchParams.get('filter');
    const sort = url.searchParams.get('sort');
    try {
      for (const f of filter ? (JSON.parse(filter) as { property: string; operation: string; value: unknown }[]) : []) {
        rows = rows.filter((r) => compare(r[f.property], f.operation, f.value));
      }
      for (const s of sort ? (JSON.parse(sort) as { property: string; direction: string }[]).reverse() : []) {
        const dir = s.direction === 'descending' ? -1 : 1;
        const key = (r: Row) => String(r[s.property] ?? '');
        rows = [...rows].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
      }
    } catch {
      return error(res, 400, 'Invalid filter or sort parameter.');
    }
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, pageSize);
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    if (offset < 0) return error(res, 400, 'Property value must be larger or equal to 0.');
    const data = rows.slice(offset, offset + limit);
    send(res, 200, { meta: { pagingInfo: { total: rows.length, count: data.length, offset } }, data });
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) return error(res, 401, VSPC_REFUSAL, 'security');
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      return error(res, failures.status, 'The service is temporarily unavailable.', 'transport');
    }
    if (req.method !== 'GET') return error(res, 405, 'Method not allowed.');
    switch (url.pathname) {
      case '/api/v3/organizations/companies':
        return list(res, url, companies);
      case '/api/v3/infrastructure/backupServers':
        return list(res, url, servers);
      case '/api/v3/infrastructure/backupAgents':
        return list(res, url, agents);
      case '/api/v3/infrastructure/backupServers/jobs':
        return list(res, url, jobs.job, serverJob);
      case '/api/v3/infrastructure/backupAgents/jobs':
        return list(res, url, jobs.agent, agentJob);
      case '/api/v3/infrastructure/vb365Servers/organizations/jobs':
        return list(res, url, jobs.m365, vb365Job);
      default:
        return error(res, 404, 'Resource not found.');
    }
  }

  const server = createServer((req, res) => {
    if (failures.count > 0 && failures.status === 429 && req.headers.authorization === `Bearer ${API_KEY}`) {
      failures.count--;
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/' });
      return send(
        res,
        429,
        { errors: [{ message: 'Too many requests.', type: 'retryablelogical', code: 429 }] },
        { 'Retry-After': '1' },
      );
    }
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  let clock = now;
  let next = 0;
  return {
    type: 'veeam',
    url: `http://127.0.0.1:${port}`,
    credentials: () => ({ Url: `http://127.0.0.1:${port}`, ApiKey: API_KEY }),
    wrongCredentials: () => ({ Url: `http://127.0.0.1:${port}`, ApiKey: 'not-the-key' }),
    refusalText: VSPC_REFUSAL,
    addSessions(count, opts = {}) {
      const ids: string[] = [];
      for (let i = 0; i < count && all.length; i++) {
        const job = all[next++ % all.length]!;
        clock = Math.max(clock + 1000, opts.at ? opts.at.getTime() : Date.now());
        job.status = opts.status === 'Failure' ? 'Failed' : (opts.status ?? 'Success');
        job.message = messageOf(job.status);
        job.lastRun = new Date(clock - 300_000).toISOString();
        if (job.kind !== 'm365') job.lastEndTime = new Date(clock).toISOString();
        const prefix = job.kind === 'm365' ? 'm365' : job.kind;
        ids.push(`${prefix}:${job.uid}:${job.kind === 'm365' ? job.lastRun : job.lastEndTime}`);
      }
      return ids;
    },
    customers: () => companies.map((c) => ({ id: c.instanceUid, name: c.name })),
    failNext(count, status) {
      failures = { count, status };
    },
    requests,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function compare(actual: unknown, operation: string, value: unknown): boolean {
  const a = String(actual ?? '');
  const b = String(value ?? '');
  const isTime = typeof value === 'string' && !Number.isNaN(Date.parse(b)) && /\d{4}-\d\d-\d\dT/.test(b);
  const cmp = isTime ? (actual ? Date.parse(a) : -Infinity) - Date.parse(b) : a.localeCompare(b);
  switch (operation) {
    case 'equals':
      return a === b;
    case 'notEquals':
      return a !== b;
    case 'greaterThan':
      return cmp > 0;
    case 'greaterThanOrEqual':
      return cmp >= 0;
    case 'lessThan':
      return cmp < 0;
    case 'lessThanOrEqual':
      return cmp <= 0;
    default:
      return true;
  }
}
