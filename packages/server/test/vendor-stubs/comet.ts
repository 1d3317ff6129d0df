import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A Comet Server admin API: form POSTs under /api/v1/admin/ authenticated by Username,
 * AuthType=Password and Password; failures as CometAPIResponseMessage `{Status, Message}`.
 */
const REFUSAL = 'Invalid username or password';
const USER = 'admin';
const PASSWORD = 'comet-stub-password';

const STATUS_CODE = { Success: 5000, Warning: 7001, Failure: 7002 } as const;

/** BackupJobDetail and UserProfileConfig, the fields this stub fills. */
interface CometJob {
  GUID: string;
  Username: string;
  Classification: number;
  Status: number;
  StartTime: number;
  EndTime: number;
  SourceGUID: string;
  DestinationGUID: string;
  DeviceID: string;
  ClientVersion: string;
  TotalSize: number;
  TotalFiles: number;
}
interface CometUserProfile {
  Username: string;
  AccountName: string;
  Sources: Record<string, { Engine: string; Description: string; OwnerDevice: string }>;
  Devices: Record<string, { FriendlyName: string; ClientVersion: string; PlatformVersion: Record<string, string> }>;
}

export async function startCometStub(options: StubOptions = {}): Promise<VendorStub> {
  const customerCount = options.customers ?? 3;
  const devicesPer = options.devicesPerCustomer ?? 2;
  const users: Record<string, CometUserProfile> = {};
  const devices: { user: string; id: string; source: string }[] = [];
  for (let c = 1; c <= customerCount; c++) {
    const username = `customer-${String(c).padStart(4, '0')}`;
    const profile: CometUserProfile = {
      Username: username,
      AccountName: `Customer ${c} Ltd`,
      Sources: {},
      Devices: {},
    };
    for (let d = 1; d <= devicesPer; d++) {
      const id = `${hex(c, 8)}${hex(d, 8)}${'0'.repeat(48)}`;
      const source = guid(c * 100_000 + d);
      profile.Devices[id] = {
        FriendlyName: `C${c}-PC${String(d).padStart(2, '0')}`,
        ClientVersion: '25.9.8',
        PlatformVersion: { os: 'windows', distribution: 'Windows Server 2022', version: '10.0.20348', arch: 'amd64' },
      };
      profile.Sources[source] = {
        Engine: d % 2 ? 'engine1/windisk' : 'engine1/file',
        Description: d % 2 ? 'Disk image' : 'Files and folders',
        OwnerDevice: id,
      };
      devices.push({ user: username, id, source });
    }
    users[username] = profile;
  }

  const jobs: CometJob[] = [];
  let next = 1;
  const makeJob = (end: number, status: number, classification = 4001): CometJob => {
    const d = devices[next % devices.length]!;
    const job: CometJob = {
      GUID: guid(next++),
      Username: d.user,
      Classification: classification,
      Status: status,
      StartTime: end > 0 ? end - 600 : Math.floor(Date.now() / 1000) - 60,
      EndTime: end,
      SourceGUID: d.source,
      DestinationGUID: guid(9_000_000),
      DeviceID: d.id,
      ClientVersion: '25.9.8',
      TotalSize: 1_073_741_824 + (next % 97) * 1_048_576,
      TotalFiles: 1200,
    };
    jobs.push(job);
    return job;
  };
  const now = Math.floor(Date.now() / 1000);
  const initial = options.sessions ?? 40;
  for (let i = 0; i < initial; i++) {
    const end = now - 120 - Math.floor(((initial - i) / initial) * 2 * 86_400);
    makeJob(end, i % 10 === 9 ? STATUS_CODE.Warning : i % 15 === 14 ? STATUS_CODE.Failure : STATUS_CODE.Success);
  }
  // Not results: a running backup and a finished restore.
  makeJob(0, 6001);
  makeJob(now - 3600, 5000, 4002);

  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const requests: { method: string; path: string }[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, 500, { Status: 500, Message: 'Internal error' }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    requests.push({ method: req.method ?? 'GET', path });
    const form = new URLSearchParams(await body(req));
    if (req.method !== 'POST') return send(res, 405, { Status: 405, Message: 'Method not allowed' });
    if (form.get('AuthType') !== 'Password' || form.get('Username') !== USER || form.get('Password') !== PASSWORD) {
      return send(res, 403, { Status: 403, Message: REFUSAL });
    }
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      if (failures.status === 429) res.setHeader('Retry-After', '1');
      return send(res, failures.status, { Status: failures.status, Message: 'Server busy' });
    }
    switch (path) {
      case '/api/v1/admin/account/properties':
        return send(res, 200, { Username: USER, Permissions: { PreventEditServerSettings: true } });
      case '/api/v1/admin/list-users':
        return send(res, 200, Object.keys(users));
      case '/api/v1/admin/list-users-full':
        return send(res, 200, users);
      case '/api/v1/admin/get-jobs-for-date-range': {
        let start = Number(form.get('Start'));
        let end = Number(form.get('End'));
        if (start > end) [start, end] = [end, start];
        const inRange = (t: number) => t >= start && t <= end;
        return send(
          res,
          200,
          jobs.filter((j) => inRange(j.StartTime) || inRange(j.EndTime)),
        );
      }
      default:
        return send(res, 404, { Status: 404, Message: 'Unknown API call' });
    }
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    type: 'comet',
    url,
    credentials: () => ({ Url: url, UserName: USER, Password: PASSWORD }),
    wrongCredentials: () => ({ Url: url, UserName: USER, Password: 'not-the-password' }),
    refusalText: REFUSAL,
    addSessions(count, opts = {}) {
      const end = Math.floor((opts.at ?? new Date()).getTime() / 1000);
      const code = STATUS_CODE[opts.status ?? 'Success'];
      return Array.from({ length: count }, () => makeJob(end, code).GUID);
    },
    customers: () => Object.values(users).map((u) => ({ id: u.Username, name: u.AccountName })),
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

function hex(n: number, width: number) {
  return n.toString(16).padStart(width, '0');
}

function guid(n: number) {
  const h = hex(n, 12);
  return `00000000-0000-4000-8000-${h}`;
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
