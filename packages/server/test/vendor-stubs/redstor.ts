import { createServer, type ServerResponse } from 'node:http';
import { listenStub } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local Redstor Pro AccountServer: HTTP Basic, `GET /api/backup/Groups`, and the OData feed
 * `GET /api/odata/Accounts` (`{"@odata.context", value, "@odata.nextLink"}`, server-paged,
 * `$skip`), each account carrying its last backup. Errors are ASP.NET's `{Message}`. Each
 * machine runs three backup accounts (files, SQL, system state), each its own slot.
 */

const USER = 'stub.admin';
const PASSWORD = 'stub-password-123';
const REFUSAL = 'Authorization has been denied for this request.';
const DAY = 24 * 3600 * 1000;
const MAX_PAGE = 1000;
const SETS = ['', ' SQL', ' System State'];

interface StubAccount {
  Guid: string;
  AccountName: string;
  BackupGroup: string;
  Active: boolean;
  LastBackupDate: string | null;
  LastBackupMessage: string | null;
  LastBackupStatus: string | null;
}

const guid = (n: number) => `6a1f0000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;
/** .NET's round-trip format without a zone, as the feed gives UTC times. */
const dotnet = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '');

export async function startRedstorStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  const groups = Array.from({ length: customerCount }, (_, c) => ({
    Id: c + 2,
    Name: `Customer ${c + 1}`,
    Path: `Redstor\\Stub Partner\\Customer ${c + 1}`,
  }));
  const accounts: StubAccount[] = [];
  // Accounts interleave customers, so consecutive backups land on different customers.
  for (let d = 0; d < perCustomer; d++)
    for (const set of SETS)
      for (let c = 0; c < customerCount; c++) {
        accounts.push({
          Guid: guid(accounts.length + 1),
          AccountName: `Server ${c + 1}-${d + 1}${set}`,
          BackupGroup: groups[c]!.Path,
          Active: true,
          LastBackupDate: null,
          LastBackupMessage: null,
          LastBackupStatus: null,
        });
      }
  // A deactivated account is listed but never reports.
  accounts.push({ ...accounts[0]!, Guid: guid(999_999), AccountName: 'Retired PC', Active: false });

  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const active = accounts.filter((a) => a.Active);
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const a = active[seq++ % active.length]!;
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    a.LastBackupDate = dotnet(end);
    a.LastBackupMessage =
      status === 'Success' ? 'Successful' : status === 'Warning' ? 'Completed with errors' : 'Failed';
    a.LastBackupStatus = status === 'Failure' ? 'Failed' : 'Completed';
    return `${a.Guid}:${new Date(end).toISOString()}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (req.headers.authorization !== basic) {
      return send(res, 401, { Message: REFUSAL }, { 'WWW-Authenticate': 'Basic realm="AccountServer"' });
    }
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) return send(res, 429, { Message: 'Too many requests.' }, { 'Retry-After': '1' });
    if (fail) return send(res, fail, { Message: 'An error has occurred.' });
    if (req.method !== 'GET')
      return send(res, 405, { Message: 'The requested resource does not support this method.' });
    const path = url.pathname.toLowerCase();
    if (path === '/api/backup/groups') return send(res, 200, groups);
    if (path === '/api/odata/accounts') {
      const skip = Math.max(0, Number(url.searchParams.get('$skip') ?? 0) || 0);
      const value = accounts.slice(skip, skip + pageSize);
      const base = `http://${req.headers.host}/api/odata`;
      const body: Record<string, unknown> = { '@odata.context': `${base}/$metadata#Accounts`, value };
      if (skip + pageSize < accounts.length) body['@odata.nextLink'] = `${base}/Accounts?$skip=${skip + pageSize}`;
      return send(res, 200, body);
    }
    return send(res, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'redstor',
    url,
    region: 'uk',
    credentials: () => ({ ApiUrl: url, UserName: USER, Password: PASSWORD }),
    wrongCredentials: () => ({ ApiUrl: url, UserName: USER, Password: 'wrong-password' }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    customers: () => groups.map((g) => ({ id: g.Path, name: g.Name })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
