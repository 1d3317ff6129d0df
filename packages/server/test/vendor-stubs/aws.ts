import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerSts, STUB_EXTERNAL_ID, STUB_ROLE_ARN, type TemporaryKey } from './aws-sts.ts';
import { listenStub } from './stub-server.ts';
import type { StubOptions, VendorStub } from './types.ts';

/**
 * A local AWS Backup endpoint speaking the REST-JSON protocol the SDK uses: Signature Version 4
 * checked against the one key pair it knows, `GET /backup-jobs` with `completeAfter`,
 * `maxResults` (1–1000) and an opaque `nextToken`, epoch-second timestamps, and AWS's error
 * shape (`x-amzn-ErrorType` header, `{"message"}` body); 429 is a ThrottlingException.
 * `GET /copy-jobs` lists copy jobs the same way, and `POST /` answers STS AssumeRole (./aws-sts.ts)
 * with temporary credentials the stub then accepts.
 */

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const REGION = 'eu-west-1';
const REFUSAL = 'The request signature we calculated does not match the signature you provided';
const DAY = 24 * 3600 * 1000;
const MAX_RESULTS = 1000;

interface StubJob {
  endMs: number;
  job: Record<string, unknown>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes the request's SigV4 signature with the stub's secret. */
function signatureMatches(req: IncomingMessage, url: URL, secret: string, body: string): boolean {
  const m =
    /Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)/.exec(
      req.headers.authorization ?? '',
    );
  const amzDate = req.headers['x-amz-date'];
  if (!m || typeof amzDate !== 'string') return false;
  const [, , day, region, service, signed, signature] = m;
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signed!.split(';');
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payload = String(req.headers['x-amz-content-sha256'] ?? sha256(body));
  const canonical = [req.method, url.pathname, query, headers, signed, payload].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature;
}

export interface AwsStub extends VendorStub {
  /** Adds finished copy jobs to another vault (newest last); returns their session ids. */
  addCopyJobs(
    count: number,
    options?: { status?: 'Success' | 'Warning' | 'Failure'; vault?: string; region?: string },
  ): string[];
  /** The access keys with the role to assume and its external id, as the create form would send them. */
  roleCredentials(externalId?: string): Record<string, string>;
}

export async function startAwsStub(options: StubOptions = {}): Promise<AwsStub> {
  const accountCount = options.customers ?? 3;
  const perAccount = options.devicesPerCustomer ?? 4;
  const total = options.sessions ?? 40;
  const pageSize = Math.min(options.pageSize ?? MAX_RESULTS, MAX_RESULTS);
  const accounts = Array.from({ length: accountCount }, (_, a) => String(111122223333 + a * 1111));
  const resources = accounts.flatMap((account, a) =>
    Array.from({ length: perAccount }, (_, r) => {
      const id = `i-0${(a * perAccount + r + 1).toString(16).padStart(16, '0')}`;
      return {
        account,
        arn: `arn:aws:ec2:${REGION}:${account}:instance/${id}`,
        name: `web-${a + 1}-${r + 1}`,
        plan: `Daily-35day-${a + 1}`,
        vault: `Vault-${a + 1}`,
      };
    }),
  );
  const jobs: StubJob[] = [];
  const copyJobs: StubJob[] = [];
  let seq = 0;
  let last = Date.now() - 2 * DAY;
  const step = Math.max(1000, Math.floor((2 * DAY - 60_000) / Math.max(1, total)));
  const add = (status: 'Success' | 'Warning' | 'Failure', at?: Date): string => {
    const r = resources[seq % resources.length]!;
    const sec = (ms: number) => Math.floor(ms / 1000) * 1000;
    const end = at ? sec(at.getTime()) : Math.max(sec(last) + 1000, sec(Date.now()));
    last = Math.max(last, end);
    const id = `${(++seq).toString(16).padStart(8, '0')}-aaaa-bbbb-cccc-${seq.toString(16).padStart(12, '0')}`;
    const state = status === 'Success' ? 'COMPLETED' : status === 'Warning' ? 'PARTIAL' : 'FAILED';
    jobs.push({
      endMs: end,
      job: {
        AccountId: r.account,
        BackupJobId: id,
        BackupVaultName: r.vault,
        BackupVaultArn: `arn:aws:backup:${REGION}:${r.account}:backup-vault:${r.vault}`,
        ResourceArn: r.arn,
        ResourceName: r.name,
        ResourceType: 'EC2',
        CreationDate: (end - 12 * 60_000) / 1000,
        CompletionDate: end / 1000,
        State: state,
        PercentDone: '100.0',
        BackupSizeInBytes: 8_589_934_592 + seq,
        IamRoleArn: `arn:aws:iam::${r.account}:role/service-role/AWSBackupDefaultServiceRole`,
        CreatedBy: { BackupPlanId: `plan-${r.plan}`, BackupPlanName: r.plan, BackupRuleId: 'rule-daily' },
        ...(status === 'Failure' ? { StatusMessage: 'Insufficient privileges to perform this action.' } : {}),
        ...(status === 'Warning' ? { StatusMessage: 'Some files could not be backed up.' } : {}),
      },
    });
    jobs.sort((a, b) => b.endMs - a.endMs); // newest first, as AWS lists them
    return `${REGION}:${id}`;
  };
  const addCopy = (
    status: 'Success' | 'Warning' | 'Failure',
    destination = 'Offsite-Vault',
    region = 'eu-central-1',
  ) => {
    const r = resources[seq % resources.length]!;
    const end = Math.max(Math.floor(last / 1000) * 1000 + 1000, Math.floor(Date.now() / 1000) * 1000);
    last = end;
    const id = `c0${(++seq).toString(16).padStart(6, '0')}-aaaa-bbbb-cccc-${seq.toString(16).padStart(12, '0')}`;
    copyJobs.push({
      endMs: end,
      job: {
        AccountId: r.account,
        CopyJobId: id,
        SourceBackupVaultArn: `arn:aws:backup:${REGION}:${r.account}:backup-vault:${r.vault}`,
        SourceRecoveryPointArn: `arn:aws:ec2:${REGION}::image/ami-0${seq.toString(16).padStart(16, '0')}`,
        DestinationBackupVaultArn: `arn:aws:backup:${region}:${r.account}:backup-vault:${destination}`,
        DestinationRecoveryPointArn: `arn:aws:ec2:${region}::image/ami-1${seq.toString(16).padStart(16, '0')}`,
        ResourceArn: r.arn,
        ResourceName: r.name,
        ResourceType: 'EC2',
        CreationDate: (end - 30 * 60_000) / 1000,
        CompletionDate: end / 1000,
        State: status === 'Success' ? 'COMPLETED' : status === 'Warning' ? 'PARTIAL' : 'FAILED',
        BackupSizeInBytes: 8_589_934_592,
        IamRoleArn: `arn:aws:iam::${r.account}:role/service-role/AWSBackupDefaultServiceRole`,
        CreatedBy: { BackupPlanId: `plan-${r.plan}`, BackupPlanName: r.plan, BackupRuleId: 'rule-daily' },
        ...(status === 'Failure' ? { StatusMessage: 'Access denied to the destination backup vault.' } : {}),
      },
    });
    copyJobs.sort((a, b) => b.endMs - a.endMs);
    return `${REGION}:copy:${id}`;
  };
  for (let i = 0; i < total; i++) {
    last += step;
    add(i % 10 === 9 ? 'Failure' : i % 13 === 12 ? 'Warning' : 'Success', new Date(last));
  }

  const requests: { method: string; path: string }[] = [];
  const failures: number[] = [];
  const issued = new Map<string, TemporaryKey>();
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'x-amzn-RequestId': `req-${requests.length}`,
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, message: string, headers = {}) =>
    send(res, status, { message }, { 'x-amzn-ErrorType': type, ...headers });

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const key = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1];
    if (!key) return error(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
    const temporary = issued.get(key);
    if (key !== ACCESS_KEY && (!temporary || req.headers['x-amz-security-token'] !== temporary.token)) {
      return error(res, 403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
    }
    if (!signatureMatches(req, url, temporary?.secret ?? SECRET, body)) {
      return error(
        res,
        403,
        'InvalidSignatureException',
        `${REFUSAL}. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.`,
      );
    }
    const fail = failures.shift();
    if (fail === 0) return; // hangs until the client gives up
    if (fail === 429) return error(res, 429, 'ThrottlingException', 'Rate exceeded', { 'Retry-After': '1' });
    if (fail) return error(res, fail, 'ServiceUnavailableException', 'Service is unavailable, please try again.');
    if (req.method === 'POST' && url.pathname === '/') return answerSts(res, new URLSearchParams(body), issued);
    const list = {
      '/backup-jobs': { from: jobs, key: 'BackupJobs' },
      '/copy-jobs': { from: copyJobs, key: 'CopyJobs' },
    }[url.pathname.replace(/\/$/, '')];
    if (req.method !== 'GET' || !list) return error(res, 404, 'UnknownOperationException', 'Unknown operation');
    const q = (k: string) => url.searchParams.get(k);
    const max = Number(q('maxResults') ?? MAX_RESULTS);
    if (!(Number.isInteger(max) && max >= 1 && max <= MAX_RESULTS)) {
      return error(res, 400, 'InvalidParameterValueException', `maxResults must be between 1 and ${MAX_RESULTS}`);
    }
    const after = q('completeAfter') ? Date.parse(q('completeAfter')!) : null;
    const items = list.from.filter(
      (j) => (after === null || j.endMs > after) && (!q('accountId') || j.job.AccountId === q('accountId')),
    );
    const token = q('nextToken');
    const offset = token ? Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^o:/, '')) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      return error(res, 400, 'InvalidParameterValueException', 'Invalid nextToken');
    const n = Math.min(max, pageSize);
    const page = items.slice(offset, offset + n).map((j) => j.job);
    const next = offset + n < items.length ? Buffer.from(`o:${offset + n}`).toString('base64url') : undefined;
    return send(res, 200, { [list.key]: page, ...(next ? { NextToken: next } : {}) });
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  const { url, close } = await listenStub(server);

  return {
    type: 'aws',
    url,
    region: REGION,
    credentials: () => ({ AccessKeyId: ACCESS_KEY, SecretAccessKey: SECRET, Endpoint: url }),
    wrongCredentials: () => ({ AccessKeyId: ACCESS_KEY, SecretAccessKey: 'wrong/secret/key', Endpoint: url }),
    refusalText: REFUSAL,
    addSessions: (count, opts = {}) => Array.from({ length: count }, () => add(opts.status ?? 'Success', opts.at)),
    addCopyJobs: (count, opts = {}) =>
      Array.from({ length: count }, () => addCopy(opts.status ?? 'Success', opts.vault, opts.region)),
    roleCredentials: (externalId = STUB_EXTERNAL_ID) => ({
      AccessKeyId: ACCESS_KEY,
      SecretAccessKey: SECRET,
      RoleArn: STUB_ROLE_ARN,
      ExternalId: externalId,
      Endpoint: url,
    }),
    customers: () => accounts.map((a) => ({ id: a, name: `AWS account ${a}` })),
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    requests,
    close,
  };
}
