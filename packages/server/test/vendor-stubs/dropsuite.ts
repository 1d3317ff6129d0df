import { createServer, type ServerResponse } from 'node:http';
import { listenStub, sendJson as send } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local Dropsuite partner API: `X-Reseller-Token` + `X-Access-Token` headers, `page`/`per_page`
 * paging (at most 100 a page) answering a JSON array with `X-Total-Count`, errors as `{error}`, `/api/users` (organisations) and
 * `/api/accounts?user_id=` (mailboxes with each service's last backup).
 */

const RESELLER = 'rs_stub_dropsuite_reseller';
const ACCESS = 'at_stub_dropsuite_access';
const REFUSAL = 'Invalid authentication token';
const DAY = 24 * 3600 * 1000;
const MAX_PER_PAGE = 100;
const SERVICES = ['Mail', 'OneDrive', 'SharePoint', 'Teams', 'Calendar', 'Contacts'];

interface StubService {
  service: string;
  last_backup_at: string | null;
  last_backup_started_at: string | null;
  last_backup_status: string;
  last_backup_message: string | null;
  size_bytes: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startDropsuiteStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = Math.min(options.pageSize ?? MAX_PER_PAGE, MAX_PER_PAGE);
  const users = Array.from({ length: customerCount }, (_, c) => ({
    id: 5000 + c + 1,
    email: `admin@customer${c + 1}.example`,
    organization_name: `Customer ${c + 1}`,
  }));
  const accounts = users.flatMap((u, c) =>
    Array.from({ length: perCustomer }, (_, d) => ({
      userId: u.id,
      id: 90000 + c * 100 + d + 1,
      email: `user${d + 1}@customer${c + 1}.example`,
      display_name: `User ${d + 1}`,
      account_type: c % 2 === 0 ? 'office365' : 'gsuite',
      services: SERVICES.map((service): StubService => ({
        service,
        last_backup_at: null,
        last_backup_started_at: null,
        last_backup_status: 'never',
        last_backup_message: null,
        size_bytes: null,
      })),
    })),
  );
  const slots = accounts.flatMap((a) => a.services.map((s) => ({ a, s })));
  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const { a, s } = slots[seq++ % slots.length]!;
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    s.last_backup_at = iso(end);
    s.last_backup_started_at = iso(end - 5 * 60_000);
    s.last_backup_status = status === 'Success' ? 'success' : status === 'Warning' ? 'partial' : 'failed';
    s.last_backup_message =
      status === 'Failure' ? 'Mailbox not accessible' : status === 'Warning' ? '2 items skipped' : null;
    s.size_bytes = 1_048_576 * (seq + 1);
    return `${a.id}:${s.service}:${new Date(end).toISOString()}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const list = <T>(res: ServerResponse, url: URL, items: T[]) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) {
      return send(res, 400, { error: `per_page must be between 1 and ${MAX_PER_PAGE}` });
    }
    const n = Math.min(perPage, pageSize);
    const start = (page - 1) * n;
    const slice = items.slice(start, start + n);
    send(res, 200, slice, { 'X-Total-Count': String(items.length) });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.headers['x-reseller-token'] !== RESELLER || req.headers['x-access-token'] !== ACCESS) {
      return send(res, 401, { error: REFUSAL });
    }
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) return send(res, 429, { error: 'Rate limit exceeded' }, { 'Retry-After': '1' });
    if (fail) return send(res, fail, { error: 'Internal server error' });
    if (req.method !== 'GET') return send(res, 404, { error: 'Not found' });
    if (url.pathname === '/api/users') return list(res, url, users);
    if (url.pathname === '/api/accounts') {
      const userId = Number(url.searchParams.get('user_id'));
      if (!users.some((u) => u.id === userId)) return send(res, 404, { error: 'User not found' });
      return list(
        res,
        url,
        accounts.filter((a) => a.userId === userId).map(({ userId: _u, ...a }) => a),
      );
    }
    return send(res, 404, { error: 'Not found' });
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'dropsuite',
    url,
    credentials: () => ({ ApiUrl: url, ResellerToken: RESELLER, AuthenticationToken: ACCESS }),
    wrongCredentials: () => ({ ApiUrl: url, ResellerToken: RESELLER, AuthenticationToken: 'at_wrong' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => users.map((u) => ({ id: String(u.id), name: u.organization_name })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
