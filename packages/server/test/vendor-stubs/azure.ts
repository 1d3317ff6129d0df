import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * Microsoft's public cloud as Azure Backup sees it, on one local port: the identity platform's
 * token endpoint (`/{tenant}/oauth2/v2.0/token`, client credentials, AADSTS error bodies) and
 * Azure Resource Manager (subscription, Recovery Services vaults, `backupJobs` with the
 * start/end time `$filter` and `nextLink` paging, `backupProtectedItems`; `{error:{code,message}}`
 * envelopes, 429 with Retry-After). `extra` lets the set-up stub add sign-in, Graph and more ARM.
 */
export const AZURE_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const AZURE_SUBSCRIPTION = 'a1b2c3d4-0000-4000-8000-00000000c0de';
export const AZURE_CLIENT_ID = '5a8a3d52-6f3a-4e8c-9c1e-3b9f0d6c7a11';
const CLIENT_SECRET = 'azure-stub-secret~value';
const REFUSAL = 'AADSTS7000215: Invalid client secret provided';
const DAY = 86_400_000;

export interface StubJob {
  id: string;
  name: string;
  type: string;
  properties: Record<string, unknown> & { startTime: string; status: string; operation: string };
}
interface Vault {
  resourceGroup: string;
  name: string;
}
export interface AzureStubCore {
  url: string;
  vaults: Vault[];
  /** Registers an application's secret with the token endpoint. */
  addApp(clientId: string, secret: string): void;
  /** Whether `authorization` carries a token the endpoint issued to an application or a user. */
  bearer(authorization: string | undefined): string | null;
  issueToken(subject: string): string;
}
export type ExtraHandler = (
  core: AzureStubCore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => boolean | Promise<boolean>;

const armError = (code: string, message: string) => ({ error: { code, message } });
const aadError = (error: string, code: number, description: string) => ({
  error,
  error_description: `AADSTS${code}: ${description}\r\nTrace ID: 0c9e1a6b-8f32-4c1c-9f0b-6f3f1b2d0100\r\nCorrelation ID: 3e5d1f77-2c1b-4a0e-8d7e-0c4b6a1c2d3e\r\nTimestamp: ${new Date().toISOString().replace('T', ' ').slice(0, 19)}Z`,
  error_codes: [code],
  timestamp: new Date().toISOString(),
  trace_id: '0c9e1a6b-8f32-4c1c-9f0b-6f3f1b2d0100',
  correlation_id: '3e5d1f77-2c1b-4a0e-8d7e-0c4b6a1c2d3e',
});

/** `yyyy-MM-dd hh:mm:ss AM` (or 24-hour without AM/PM), UTC, as the jobs `$filter` carries times. */
export function parseFilterTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})(?: ?(AM|PM))?$/i.exec(text.trim());
  if (!m) return null;
  let h = Number(m[4]);
  if (m[7]) h = (h % 12) + (m[7].toUpperCase() === 'PM' ? 12 : 0);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, Number(m[5]), Number(m[6]));
}

const STATUS = { Success: 'Completed', Warning: 'CompletedWithWarnings', Failure: 'Failed' } as const;

export async function startAzureStub(options: StubOptions = {}, extra?: ExtraHandler, port = 0): Promise<VendorStub> {
  const vaultCount = options.customers ?? 2;
  const itemsPer = options.devicesPerCustomer ?? 2;
  const maxPage = options.pageSize ?? 200;
  const vaults: Vault[] = Array.from({ length: vaultCount }, (_, i) => ({
    resourceGroup: `rg-backup-${i + 1}`,
    name: `rsv-contoso-${i + 1}`,
  }));
  const apps = new Map<string, string>([[AZURE_CLIENT_ID, CLIENT_SECRET]]);
  const tokens = new Map<string, string>();
  const vaultId = (v: Vault) =>
    `/subscriptions/${AZURE_SUBSCRIPTION}/resourceGroups/${v.resourceGroup}/providers/Microsoft.RecoveryServices/vaults/${v.name}`;
  const items = vaults.map((v, vi) =>
    Array.from({ length: itemsPer }, (_, d) => {
      const vm = `vm-${vi + 1}-${String(d + 1).padStart(3, '0')}`;
      const container = `iaasvmcontainerv2;rg-app-${vi + 1};${vm}`;
      const source = `/subscriptions/${AZURE_SUBSCRIPTION}/resourceGroups/rg-app-${vi + 1}/providers/Microsoft.Compute/virtualMachines/${vm}`;
      return {
        id: `${vaultId(v)}/backupFabrics/Azure/protectionContainers/IaasVMContainer;${container}/protectedItems/VM;${container}`,
        name: `VM;${container}`,
        type: 'Microsoft.RecoveryServices/vaults/backupFabrics/protectionContainers/protectedItems',
        properties: {
          friendlyName: vm,
          virtualMachineId: source,
          protectionStatus: 'Healthy',
          protectionState: 'Protected',
          healthStatus: 'Passed',
          lastBackupStatus: 'Completed',
          protectedItemType: 'Microsoft.Compute/virtualMachines',
          backupManagementType: 'AzureIaasVM',
          workloadType: 'VM',
          containerName: container,
          sourceResourceId: source,
          policyId: `${vaultId(v)}/backupPolicies/DefaultPolicy`,
          policyName: 'DefaultPolicy',
        },
      };
    }),
  );

  const jobs: { vault: number; start: number; job: StubJob }[] = [];
  let next = 1;
  const makeJob = (endMs: number, status: string, operation = 'Backup') => {
    const n = next++;
    const vi = n % vaults.length;
    const item = items[vi]![Math.floor(n / vaults.length) % itemsPer]!;
    const start = endMs - 600_000 - (n % 7) * 1000;
    const name = `${n.toString(16).padStart(8, '0')}-bcb9-4269-ac31-6a1b57588700`;
    const finished = status !== 'InProgress';
    const job: StubJob = {
      id: `${vaultId(vaults[vi]!)}/backupJobs/${name}`,
      name,
      type: 'Microsoft.RecoveryServices/vaults/backupJobs',
      properties: {
        jobType: 'AzureIaaSVMJob',
        duration: finished ? '00:10:00.0000000' : '00:04:12.1234567',
        actionsInfo: [1],
        virtualMachineVersion: 'Compute',
        entityFriendlyName: item.properties.friendlyName,
        backupManagementType: 'AzureIaasVM',
        operation,
        status,
        startTime: new Date(start).toISOString(),
        ...(finished ? { endTime: new Date(endMs).toISOString() } : {}),
        activityId: `${name}-activity`,
        ...(status === 'Failed'
          ? {
              errorDetails: [
                {
                  errorCode: 400002,
                  errorString: 'VM agent is unable to communicate with the Azure Backup Service.',
                  recommendations: ['Ensure that the VM has network connectivity and the VM agent is up to date.'],
                },
              ],
            }
          : {}),
      },
    };
    jobs.push({ vault: vi, start, job });
    return job;
  };
  const now = Date.now();
  const initial = options.sessions ?? 40;
  for (let i = 0; i < initial; i++) {
    const status = i % 10 === 9 ? 'CompletedWithWarnings' : i % 15 === 14 ? 'Failed' : 'Completed';
    makeJob(now - 60_000 - Math.floor(((initial - i) / initial) * 2 * DAY), status);
  }
  // Not results: a running backup and a finished restore.
  makeJob(now, 'InProgress');
  makeJob(now - 3_600_000, 'Completed', 'Restore');

  let failures: { count: number; status: 429 | 500 | 503 | 0 } = { count: 0, status: 500 };
  const requests: { method: string; path: string }[] = [];
  const hanging = new Set<ServerResponse>();
  const core: AzureStubCore = {
    url: '',
    vaults,
    addApp: (clientId, secret) => void apps.set(clientId, secret),
    bearer(authorization) {
      const m = /^Bearer (.+)$/.exec(authorization ?? '');
      return (m && tokens.get(m[1]!)) ?? null;
    },
    issueToken(subject) {
      const t = `stub-token-${subject}-${tokens.size + 1}`;
      tokens.set(t, subject);
      return t;
    },
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, 500, armError('InternalServerError', 'Internal error')));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    requests.push({ method: req.method ?? 'GET', path: path + url.search });
    const text = await body(req);
    if (extra && (await extra(core, req, res, url, text))) return;
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (token && req.method === 'POST') return tokenEndpoint(decodeURIComponent(token[1]!), text, res);
    if (!core.bearer(req.headers.authorization)) {
      return send(res, 401, armError('InvalidAuthenticationToken', 'The access token is invalid or has expired.'));
    }
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) return void hanging.add(res);
      if (failures.status === 429) res.setHeader('Retry-After', '1');
      const code = failures.status === 429 ? 'TooManyRequests' : 'InternalServerError';
      return send(res, failures.status, armError(code, 'The request could not be served now. Please retry.'));
    }
    const lower = path.toLowerCase();
    if (lower === `/subscriptions/${AZURE_SUBSCRIPTION}`) {
      return send(res, 200, {
        id: `/subscriptions/${AZURE_SUBSCRIPTION}`,
        subscriptionId: AZURE_SUBSCRIPTION,
        tenantId: AZURE_TENANT,
        displayName: 'Contoso Production',
        state: 'Enabled',
      });
    }
    const m =
      /^\/subscriptions\/([^/]+)\/resourcegroups\/([^/]+)\/providers\/microsoft\.recoveryservices\/vaults\/([^/]+)(\/[a-z]+)?$/.exec(
        lower,
      );
    const vi = m
      ? vaults.findIndex((v) => v.resourceGroup.toLowerCase() === m[2] && v.name.toLowerCase() === m[3])
      : -1;
    if (m && (m[1] !== AZURE_SUBSCRIPTION || vi < 0)) {
      return send(
        res,
        404,
        armError(
          'ResourceNotFound',
          `The Resource 'Microsoft.RecoveryServices/vaults/${decodeURIComponent(path.split('/')[8] ?? '')}' under resource group '${decodeURIComponent(path.split('/')[4] ?? '')}' was not found.`,
        ),
      );
    }
    if (m && !m[4]) {
      const v = vaults[vi]!;
      return send(res, 200, {
        id: vaultId(v),
        name: v.name,
        type: 'Microsoft.RecoveryServices/vaults',
        location: 'westeurope',
        sku: { name: 'RS0', tier: 'Standard' },
        properties: { provisioningState: 'Succeeded' },
      });
    }
    if (m && m[4] === '/backupjobs') return sendJobs(vi, url, res);
    if (m && m[4] === '/backupprotecteditems') return sendPage(url, res, items[vi]!);
    return send(res, 404, armError('NotFound', `No route for ${req.method} ${path}`));
  }

  function tokenEndpoint(tenant: string, text: string, res: ServerResponse) {
    const form = new URLSearchParams(text);
    if (tenant !== AZURE_TENANT && tenant !== 'organizations') {
      return send(
        res,
        400,
        aadError(
          'invalid_request',
          90002,
          `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
        ),
      );
    }
    if (form.get('grant_type') !== 'client_credentials' || !form.get('scope')?.endsWith('/.default')) {
      return send(res, 400, aadError('invalid_scope', 1002012, 'The provided value for scope is not valid.'));
    }
    const clientId = form.get('client_id') ?? '';
    const known = apps.get(clientId);
    if (known === undefined) {
      return send(
        res,
        400,
        aadError(
          'unauthorized_client',
          700016,
          `Application with identifier '${clientId}' was not found in the directory '${tenant}'.`,
        ),
      );
    }
    if (known !== form.get('client_secret')) {
      return send(
        res,
        401,
        aadError(
          'invalid_client',
          7000215,
          `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
        ),
      );
    }
    return send(res, 200, {
      token_type: 'Bearer',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: core.issueToken(clientId),
    });
  }

  function sendJobs(vi: number, url: URL, res: ServerResponse) {
    const filter = url.searchParams.get('$filter') ?? '';
    const clause = (field: string) => new RegExp(`${field} eq '([^']+)'`, 'i').exec(filter)?.[1];
    const from = clause('startTime') ? parseFilterTime(clause('startTime')!) : null;
    const to = clause('endTime') ? parseFilterTime(clause('endTime')!) : null;
    if ((clause('startTime') && from === null) || (clause('endTime') && to === null)) {
      return send(res, 400, armError('BMSUserErrorInvalidInput', 'Input for the filter is invalid.'));
    }
    const operation = clause('operation');
    const matching = jobs
      .filter(
        (j) =>
          j.vault === vi &&
          (from === null || j.start >= from) &&
          (to === null || j.start <= to + 999) &&
          (!operation || j.job.properties.operation === operation),
      )
      .sort((a, b) => b.start - a.start)
      .map((j) => j.job);
    return sendPage(url, res, matching);
  }

  function sendPage(url: URL, res: ServerResponse, all: unknown[]) {
    const offset = Number(url.searchParams.get('$skipToken') ?? 0) || 0;
    const page = all.slice(offset, offset + maxPage);
    const body: { value: unknown[]; nextLink?: string } = { value: page };
    if (offset + maxPage < all.length) {
      const nextUrl = new URL(url.pathname + url.search, core.url);
      nextUrl.searchParams.set('$skipToken', String(offset + maxPage));
      body.nextLink = nextUrl.toString();
    }
    return send(res, 200, body);
  }

  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  core.url = url;
  const credentials = () => ({
    TenantId: AZURE_TENANT,
    ClientId: AZURE_CLIENT_ID,
    ClientSecret: CLIENT_SECRET,
    SubscriptionId: AZURE_SUBSCRIPTION,
    Vaults: vaults.map((v) => `${v.resourceGroup}/${v.name}`).join(', '),
    AuthorityUrl: url,
    ResourceManagerUrl: url,
  });

  return {
    type: 'azure',
    url,
    credentials,
    wrongCredentials: () => ({ ...credentials(), ClientSecret: 'not-the-secret' }),
    refusalText: REFUSAL,
    addSessions(count, opts = {}) {
      const at = (opts.at ?? new Date()).getTime();
      return Array.from({ length: count }, () => makeJob(at, STATUS[opts.status ?? 'Success']).name);
    },
    customers: () => [{ id: AZURE_SUBSCRIPTION, name: 'Contoso Production' }],
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

export function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, status: number, data: unknown) {
  const text = JSON.stringify(data);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
