import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * The MSP360 Managed Backup API: POST /api/Provider/Login (UserName/Password → access_token;
 * 400 invalid_grant when wrong), then Bearer calls: GET /api/Companies, /api/Users,
 * /api/Monitoring (the latest run of every plan on every computer, unpaged),
 * /api/Monitoring/{userId} and /api/Computers/{offset}/{count}. One user per company owns the
 * company's computers; each generated session is the latest run of its own plan, and added
 * sessions re-run the plans idle the longest (new plans once every plan ran after them).
 */

const USER = 'mbsApiUser';
const PASSWORD = 'mbs-api-password';
const REFUSAL = 'The user name or password is incorrect.';
const STATUS = { Success: 0, Error: 2 } as const;
const PLAN_NAMES = [
  'Files backup',
  'Image backup',
  'SQL Server backup',
  'Exchange backup',
  'VMware backup',
  'Hyper-V backup',
];

interface Plan {
  name: string;
  at: number;
  status: number;
  filesFailed: number;
  error: string | null;
}
interface Computer {
  hid: string;
  name: string;
  userId: string;
  userEmail: string;
  company: string;
  plans: Plan[];
}

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);

/** `estate` prefixes the computer names, so two stubs in one tenant report different machines. */
export async function startCloudberryStub(options: StubOptions = {}, estate = 'MSP'): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const perCustomer = options.devicesPerCustomer ?? 2;
  const sessionCount = options.sessions ?? 12;
  const pageSize = Math.min(options.pageSize ?? 1000, 1000);
  const customers = Array.from({ length: customerCount }, (_, i) => ({
    id: `7c31129a-2095-4e5f-bd2f-${String(i + 1).padStart(12, '0')}`,
    name: `Company ${i + 1}`,
  }));
  const users = customers.map((c, i) => ({
    ID: `10ce439b-7bec-4208-a116-${String(i + 1).padStart(12, '0')}`,
    Email: `backup${i + 1}@company${i + 1}.example`,
    Company: c.name,
  }));
  const computers: Computer[] = [];
  for (const [ci, u] of users.entries())
    for (let d = 0; d < perCustomer; d++)
      computers.push({
        hid: randomUUID(),
        name: `${estate}-${ci + 1}-PC${String(d + 1).padStart(2, '0')}`,
        userId: u.ID,
        userEmail: u.Email,
        company: u.Company,
        plans: [],
      });
  const planName = (k: number) =>
    PLAN_NAMES[k % PLAN_NAMES.length]! + (k >= PLAN_NAMES.length ? ` ${Math.floor(k / PLAN_NAMES.length) + 1}` : '');
  const run = (i: number, at: number, status?: 'Success' | 'Warning' | 'Failure'): Omit<Plan, 'name'> => {
    const kind = status ?? (i % 11 === 10 ? 'Failure' : i % 7 === 6 ? 'Warning' : 'Success');
    if (kind === 'Failure')
      return { at, status: STATUS.Error, filesFailed: 0, error: 'Access to the destination was denied' };
    return { at, status: STATUS.Success, filesFailed: kind === 'Warning' ? 2 : 0, error: null };
  };
  const start = Date.now() - 2 * 24 * 3600_000;
  const span = 2 * 24 * 3600_000 - 60_000;
  let clock = 0;
  for (let i = 0; i < sessionCount && computers.length; i++) {
    const c = computers[i % computers.length]!;
    const at = start + Math.floor((span * (i + 1)) / sessionCount);
    c.plans.push({ name: planName(c.plans.length), ...run(i, at) });
    clock = Math.max(clock, at);
  }

  const tokens = new Set<string>();
  const requests: { method: string; path: string }[] = [];
  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const hanging = new Set<ServerResponse>();
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const monitoringRow = (c: Computer, p: Plan) => ({
    PlanName: p.name,
    CompanyName: c.company,
    UserName: c.userEmail,
    UserID: c.userId,
    ComputerName: c.name,
    BuildVersion: '7.9.4.83',
    StorageType: 'Cloud',
    LastStart: iso(p.at),
    NextStart: iso(p.at + 24 * 3600_000),
    Status: p.status,
    ErrorMessage: p.error,
    FilesCopied: 120 + (p.at % 50),
    FilesFailed: p.filesFailed,
    DataCopied: 1_048_576 * ((p.at % 40) + 1),
    Duration: `${(p.at % 50) + 10} second(s)`,
    DataToBackup: 1_048_576 * ((p.at % 40) + 1),
    TotalData: 1_073_741_824,
    FilesScanned: 4000,
    FilesToBackup: 120 + (p.at % 50),
  });
  const computerModel = (c: Computer) => ({
    ComputerHID: c.hid,
    OSTypeString: 'windows',
    ComputerName: c.name,
    ComputerDisplayName: c.name,
    CompanyName: c.company,
    UserEmail: c.userEmail,
    ProfileName: '',
    UserID: c.userId,
    BackupBuildVersion: { _Major: 7, _Minor: 9, _Build: 4, _Revision: 83 },
    LastActivity: iso(Math.max(0, ...c.plans.map((p) => p.at))),
  });

  function route(req: IncomingMessage, body: string, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    if (req.method === 'POST' && /^\/api\/provider\/login$/i.test(path)) {
      let creds: { UserName?: string; Password?: string } = {};
      try {
        creds = JSON.parse(body) as typeof creds;
      } catch {
        /* an unreadable body is refused like wrong credentials */
      }
      if (creds.UserName !== USER || creds.Password !== PASSWORD)
        return json(res, 400, { error: 'invalid_grant', error_description: REFUSAL });
      const token = randomBytes(32).toString('base64url');
      tokens.add(token);
      const now = new Date();
      return json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 1_209_599,
        userName: USER,
        '.issued': now.toUTCString(),
        '.expires': new Date(now.getTime() + 1_209_599_000).toUTCString(),
      });
    }
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!auth || !tokens.has(auth[1]!))
      return json(res, 401, { Message: 'Authorization has been denied for this request.' });
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      if (failures.status === 429) return json(res, 429, { Message: 'Too many requests' }, { 'Retry-After': '1' });
      return json(res, failures.status, { Message: 'An error has occurred.' });
    }
    if (req.method !== 'GET')
      return json(res, 405, { Message: `The requested resource does not support http method '${req.method}'.` });
    if (/^\/api\/companies$/i.test(path))
      return json(
        res,
        200,
        customers.map((c) => ({ Id: c.id, Name: c.name, StorageLimit: -1, LicenseSettings: 0 })),
      );
    if (/^\/api\/users$/i.test(path))
      return json(
        res,
        200,
        users.map((u) => ({
          ...u,
          FirstName: '',
          LastName: '',
          NotificationEmails: [u.Email],
          Enabled: true,
          LicenseManagmentMode: 0,
          DestinationList: [],
          SpaceUsed: 0,
        })),
      );
    const monitoring = /^\/api\/monitoring(?:\/([^/]+))?$/i.exec(path);
    if (monitoring) {
      const rows = computers
        .filter((c) => !monitoring[1] || c.userId === monitoring[1])
        .flatMap((c) => c.plans.map((p) => monitoringRow(c, p)));
      return json(res, 200, rows);
    }
    const list = /^\/api\/computers\/(\d+)\/(\d+)$/i.exec(path);
    if (list) {
      const offset = Number(list[1]);
      const count = Math.min(pageSize, Number(list[2]));
      return json(res, 200, {
        Count: computers.length,
        Message: 'Success',
        StatusCode: 200,
        Computers: computers.slice(offset, offset + count).map(computerModel),
      });
    }
    return json(res, 404, { Message: `No HTTP resource was found that matches the request URI '${req.url}'.` });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '/' });
      route(req, Buffer.concat(chunks).toString('utf8'), res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    type: 'cloudberry',
    url,
    refusalText: REFUSAL,
    credentials: () => ({ ApiUrl: url, UserName: USER, Password: PASSWORD }),
    wrongCredentials: () => ({ ApiUrl: url, UserName: USER, Password: 'not-the-password' }),
    customers: () => customers.map((c) => ({ ...c })),
    requests,
    failNext(count, status) {
      failures = { count, status };
    },
    addSessions(count, opts = {}) {
      const ids: string[] = [];
      if (!computers.length) return ids;
      // One start per call (MSP360 times are whole seconds), after every run already there.
      const at = opts.at ? opts.at.getTime() : Math.max(Date.now(), clock + 1000);
      clock = Math.max(clock, at);
      const idle = computers.flatMap((c) => c.plans.map((p) => [c, p] as const)).filter(([, p]) => p.at < at);
      idle.sort((a, b) => a[1].at - b[1].at);
      for (let i = 0; i < count; i++) {
        let pick = idle[i];
        if (!pick) {
          const c = computers[i % computers.length]!;
          const p: Plan = { name: planName(c.plans.length), ...run(0, at, 'Success') };
          c.plans.push(p);
          pick = [c, p];
        }
        const [c, p] = pick;
        Object.assign(p, run(0, at, opts.status ?? 'Success'));
        ids.push(`${c.userId}|${c.name}|${p.name}|${iso(at)}`);
      }
      return ids;
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
