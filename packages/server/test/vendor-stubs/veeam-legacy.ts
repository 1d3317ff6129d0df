import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * Veeam Backup Enterprise Manager REST API as documented: `POST /api/sessionMngr/?v=latest` with
 * Basic authentication answers 201 and `X-RestSvcSessionId`; `/api/query?type=…&format=Entities`
 * with `filter` (`;` and, `,` or; ==, !=, >, <, >=, <=), `sortAsc`/`sortDesc` and
 * `pageSize`/`page`, answering `Entities.<Plural>.<Plural>` and `PagingInfo`; JSON because the
 * client sends `Accept: application/json`; errors as `{ Message, StatusCode }`; `DELETE
 * /api/logonSessions/{id}` logs off. The estate: backup servers (the customers), VMs on each, and
 * backup job sessions of five VMs each (a task session per VM), plus one VM still in progress.
 */

const USER = 'TECH\\vigil';
const PASSWORD = 'em-stub-password';
export const EM_REFUSAL = 'Logon failed: the user name or password is incorrect.';

type Row = Record<string, unknown>;
const TASKS_PER_JOB = 5;
/** Query parameters that name an entity field differently. */
const FIELD: Record<string, string> = { endtime: 'EndTimeUTC', creationtime: 'CreationTimeUTC' };

const guid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export async function startVeeamLegacyStub(options: StubOptions = {}): Promise<VendorStub> {
  const serverCount = Math.max(1, options.customers ?? 3);
  const vmsPerServer = Math.max(1, options.devicesPerCustomer ?? 4);
  const sessionCount = options.sessions ?? 30;
  const maxPage = options.pageSize ?? 1000;
  const now = Date.now();
  let base = '';

  const servers = Array.from({ length: serverCount }, (_, i) => ({
    id: guid(1, i + 1),
    name: `vbr${String(i + 1).padStart(2, '0')}.tech.local`,
  }));
  const jobSessions: Row[] = [];
  const tasks: Row[] = [];
  let jobCounter = 0;
  let taskCounter = 0;
  const stamp = (ms: number) => new Date(ms).toISOString();
  const local = (ms: number) => stamp(ms).replace('T', ' ').slice(0, 19);

  function addJobSession(
    server: number,
    results: ('Success' | 'Warning' | 'Failed')[],
    end: number,
    firstVm: number,
  ): string[] {
    const n = ++jobCounter;
    const s = servers[server]!;
    const jobName = `Backup Job ${server + 1}-${(n % 3) + 1}`;
    const start = end - 900_000;
    const uid = `urn:veeam:BackupJobSession:${guid(2, n)}`;
    const worst = results.includes('Failed') ? 'Failed' : results.includes('Warning') ? 'Warning' : 'Success';
    jobSessions.push({
      UID: uid,
      Name: `${jobName}@${local(start)}`,
      Href: `${base}/api/backupSessions/${guid(2, n)}`,
      Type: 'BackupJobSession',
      Links: [
        { Rel: 'Up', Href: `${base}/api/backupServers/${s.id}`, Name: s.name, Type: 'BackupServerReference' },
        { Rel: 'Up', Href: `${base}/api/jobs/${guid(3, server * 3 + (n % 3))}`, Name: jobName, Type: 'JobReference' },
      ],
      JobUid: `urn:veeam:Job:${guid(3, server * 3 + (n % 3))}`,
      JobName: jobName,
      JobType: 'Backup',
      CreationTimeUTC: stamp(start),
      EndTimeUTC: stamp(end),
      State: 'Stopped',
      Result: worst,
      Progress: 100,
      IsRetry: false,
    });
    return results.map((result, k) => {
      const t = ++taskCounter;
      const vm = `${s.name.split('.')[0]}-vm${String(((firstVm + k) % vmsPerServer) + 1).padStart(3, '0')}`;
      const taskUid = `urn:veeam:BackupTaskSession:${guid(4, t)}`;
      tasks.push({
        UID: taskUid,
        Name: `${vm}@${local(start)}`,
        Href: `${base}/api/backupTaskSessions/${guid(4, t)}`,
        Type: 'BackupTaskSession',
        Links: [
          {
            Rel: 'Up',
            Href: `${base}/api/backupSessions/${guid(2, n)}`,
            Name: `${jobName}@${local(start)}`,
            Type: 'BackupJobSessionReference',
          },
        ],
        JobSessionUid: uid,
        CreationTimeUTC: stamp(start + k * 1000),
        EndTimeUTC: stamp(end - (results.length - 1 - k) * 1000),
        State: 'Completed',
        Result: result,
        Reason:
          result === 'Failed'
            ? 'Error: Cannot connect to host. The operation has timed out.'
            : result === 'Warning'
              ? 'Changed block tracking is disabled for this VM.'
              : '',
        TotalSize: 21_474_836_480,
        VmDisplayName: vm,
      });
      return taskUid;
    });
  }

  const resultOf = (i: number) =>
    (i % 11 === 10 ? 'Failed' : i % 7 === 6 ? 'Warning' : 'Success') as 'Success' | 'Warning' | 'Failed';
  const span = 2 * 86_400_000;
  const batches = Math.ceil(sessionCount / TASKS_PER_JOB);
  for (let b = 0; b < batches; b++) {
    const size = Math.min(TASKS_PER_JOB, sessionCount - b * TASKS_PER_JOB);
    const end = now - span + Math.floor(((b + 1) * span) / (batches + 1));
    addJobSession(
      b % serverCount,
      Array.from({ length: size }, (_, k) => resultOf(b * TASKS_PER_JOB + k)),
      end,
      b * TASKS_PER_JOB,
    );
  }
  // A VM still being processed is not a result yet.
  if (tasks.length)
    tasks.push({
      ...tasks[0],
      UID: 'urn:veeam:BackupTaskSession:in-progress',
      State: 'InProgress',
      Result: 'None',
      EndTimeUTC: stamp(now),
      VmDisplayName: 'busy-vm',
    });

  const logons = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    send(
      res,
      status,
      { FirstChanceExceptionMessage: null, StackTrace: null, Message: message, StatusCode: status },
      headers,
    );

  function query(res: ServerResponse, url: URL) {
    const type = (url.searchParams.get('type') ?? '').toLowerCase();
    const [plural, source]: [string, Row[]] =
      type === 'backuptasksession'
        ? ['BackupTaskSessions', tasks]
        : type === 'backupjobsession'
          ? ['BackupJobSessions', jobSessions]
          : type === 'backupserver'
            ? [
                'BackupServers',
                servers.map((s) => ({
                  UID: `urn:veeam:BackupServer:${s.id}`,
                  Name: s.name,
                  Href: `${base}/api/backupServers/${s.id}`,
                  Type: 'BackupServer',
                  Description: 'Veeam Backup & Replication server',
                  Port: 9392,
                  Version: '12.1.2.172',
                })),
              ]
            : ['', []];
    if (!plural) return error(res, 400, `Unknown query type: ${url.searchParams.get('type') ?? ''}`);
    let rows = source;
    const filter = url.searchParams.get('filter');
    if (filter) {
      const clauses = filter.split(';').map((c) => anyOf(c, rows[0]));
      if (clauses.some((c) => !c)) return error(res, 400, `Invalid filter expression: ${filter}`);
      rows = rows.filter((r) => clauses.every((test) => test!(r)));
    }
    const sortAsc = url.searchParams.get('sortAsc');
    const sortDesc = url.searchParams.get('sortDesc');
    const sortKey = sortAsc ?? sortDesc;
    if (sortKey) {
      const field = fieldOf(sortKey, rows[0]);
      const dir = sortAsc ? 1 : -1;
      const key = (r: Row) => String(r[field] ?? '');
      rows = [...rows].sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : 0));
    }
    const asked = Number(url.searchParams.get('pageSize') ?? 0);
    const pageSize = Math.min(asked > 0 ? asked : rows.length || 1, maxPage);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pagesCount = Math.max(1, Math.ceil(rows.length / pageSize));
    const items = rows.slice((page - 1) * pageSize, page * pageSize);
    const link = (p: number, rel: string) => ({
      Rel: rel,
      Href: `${base}/api/query?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(p) })}`,
    });
    send(res, 200, {
      Refs: null,
      Entities: { [plural]: { [plural]: items } },
      PagingInfo: {
        Links: [link(1, 'First'), ...(page < pagesCount ? [link(page + 1, 'Next')] : []), link(pagesCount, 'Last')],
        PageNum: page,
        PageSize: pageSize,
        PagesCount: pagesCount,
      },
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.method === 'POST' && url.pathname === '/api/sessionMngr/') {
      const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(res, 401, EM_REFUSAL);
      const sid = randomUUID();
      const token = Buffer.from(sid).toString('base64');
      logons.add(token);
      return send(
        res,
        201,
        { UserName: USER, SessionId: sid, Href: `${base}/api/logonSessions/${sid}`, Type: 'LogonSession', Links: [] },
        { 'X-RestSvcSessionId': token },
      );
    }
    const token = String(req.headers['x-restsvcsessionid'] ?? '');
    if (!logons.has(token)) return error(res, 401, 'Unauthorized: the logon session is missing or has expired.');
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      if (failures.status === 429) return error(res, 429, 'Too many requests.', { 'Retry-After': '1' });
      return error(res, failures.status, 'The service is temporarily unavailable.');
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/api/logonSessions/')) {
      logons.delete(token);
      return send(res, 204, undefined);
    }
    if (req.method === 'GET' && url.pathname === '/api/query') return query(res, url);
    return error(res, 404, 'The requested resource was not found.');
  }

  const server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  for (const row of [...jobSessions, ...tasks]) rebase(row, base);

  let clock = now;
  let nextServer = 0;
  return {
    type: 'veeam-legacy',
    url: base,
    credentials: () => ({ Url: base, UserName: USER, Password: PASSWORD }),
    wrongCredentials: () => ({ Url: base, UserName: USER, Password: 'wrong-password' }),
    refusalText: EM_REFUSAL,
    addSessions(count, opts = {}) {
      const result = opts.status === 'Failure' ? 'Failed' : (opts.status ?? 'Success');
      const ids: string[] = [];
      for (let done = 0; done < count; done += TASKS_PER_JOB) {
        const size = Math.min(TASKS_PER_JOB, count - done);
        clock = Math.max(clock + 10_000, opts.at ? opts.at.getTime() : Date.now());
        ids.push(
          ...addJobSession(
            nextServer++ % serverCount,
            Array.from({ length: size }, () => result),
            clock,
            done,
          ),
        );
      }
      return ids;
    },
    customers: () => servers.map((s) => ({ id: `urn:veeam:BackupServer:${s.id}`, name: s.name })),
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

/** Rows made before the port was known carry links without it. */
function rebase(row: Row, base: string) {
  if (typeof row.Href === 'string' && row.Href.startsWith('/')) row.Href = base + row.Href;
  for (const link of (row.Links as { Href: string }[] | undefined) ?? [])
    if (link.Href.startsWith('/')) link.Href = base + link.Href;
}

function fieldOf(name: string, sample: Row | undefined): string {
  const lower = name.toLowerCase();
  if (FIELD[lower]) return FIELD[lower];
  return Object.keys(sample ?? {}).find((k) => k.toLowerCase() === lower) ?? name;
}

/** One OR group (`a==1,a==2`): equality on one field becomes a set lookup. */
function anyOf(group: string, sample: Row | undefined): ((r: Row) => boolean) | null {
  const parts = group.split(',');
  const eq = parts.map((p) => /^\s*(\w+)\s*==\s*"?(.*?)"?\s*$/.exec(p));
  if (parts.length > 1 && eq.every((m) => m && m[1] === eq[0]![1])) {
    const field = fieldOf(eq[0]![1]!, sample);
    const values = new Set(eq.map((m) => m![2]!.toLowerCase()));
    return (r) => values.has(String(r[field] ?? '').toLowerCase());
  }
  const tests = parts.map((p) => parseComparison(p, sample));
  if (tests.some((t) => !t)) return null;
  return (r) => tests.some((t) => t!(r));
}

function parseComparison(expr: string, sample: Row | undefined): ((r: Row) => boolean) | null {
  const m = /^\s*(\w+)\s*(==|!=|>=|<=|>|<)\s*(.*?)\s*$/.exec(expr);
  if (!m) return null;
  const [, name, op, raw] = m as unknown as [string, string, string, string];
  const value = raw.replace(/^"(.*)"$/, '$1').replace(/\\"/g, '"');
  const isTime = /^\d{4}-\d\d-\d\dT/.test(value);
  const at = isTime ? Date.parse(value) : 0;
  const field = fieldOf(name, sample);
  return (r) => {
    const actual = r[field];
    const a = String(actual ?? '');
    if (op === '==') return a.toLowerCase() === value.toLowerCase();
    if (op === '!=') return a.toLowerCase() !== value.toLowerCase();
    const cmp = isTime ? Date.parse(a) - at : a < value ? -1 : a > value ? 1 : 0;
    return op === '>' ? cmp > 0 : op === '<' ? cmp < 0 : op === '>=' ? cmp >= 0 : cmp <= 0;
  };
}
