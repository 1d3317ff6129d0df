import { BackupClient, ListBackupJobsCommand, type ListBackupJobsCommandOutput } from '@aws-sdk/client-backup';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';

/**
 * AWS Backup through the official SDK (@aws-sdk/client-backup, REST-JSON, SigV4). Every request
 * the SDK builds is sent by the sync's HTTP client (outbound guard, timeout, 429/5xx retries with
 * Retry-After), so the SDK's own retries are off. ListBackupJobs pages with NextToken (at most 1000).
 */

export const AWS_PAGE_SIZE = 1000;

/** The source's region first, then the "More regions" list; unknown words are dropped by AWS itself. */
export function awsRegions(s: SourceSettings): string[] {
  const more = (s.credentials.AdditionalRegions ?? '').split(/[\s,;]+/).filter(Boolean);
  return [...new Set([s.region || 'us-east-1', ...more])];
}

interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
}

function urlOf(req: SdkRequest): string {
  const url = new URL(`${req.protocol}//${req.hostname}${req.port ? `:${req.port}` : ''}${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) if (one !== null) url.searchParams.append(k, one);
  }
  return url.toString();
}

/** The SDK's request handler: hands each signed request to the sync's HTTP client. */
function handlerFor(ctx: VendorContext) {
  return {
    async handle(req: SdkRequest) {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (k !== 'host' && k !== 'content-length') headers[k] = v;
      const res = await ctx.http.send({ method: req.method as 'GET', url: urlOf(req), headers });
      const body = new TextEncoder().encode(res.data === null ? '' : JSON.stringify(res.data));
      const out: Record<string, string> = {};
      res.headers.forEach((v, k) => (out[k] = v));
      return { response: { statusCode: res.status, headers: out, body } };
    },
  };
}

export function awsClient(ctx: VendorContext, s: SourceSettings, region: string): BackupClient {
  const endpoint = s.credentials.Endpoint?.trim();
  return new BackupClient({
    region,
    ...(endpoint ? { endpoint } : {}),
    credentials: { accessKeyId: s.credentials.AccessKeyId ?? '', secretAccessKey: s.credentials.SecretAccessKey ?? '' },
    maxAttempts: 1,
    requestHandler: handlerFor(ctx) as never,
  });
}

function refused(err: unknown): never {
  // 403 UnrecognizedClientException / InvalidSignatureException / AccessDeniedException: AWS's own words.
  if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
    throw new VendorAuthError(err.message, err.status);
  }
  throw err;
}

export async function listBackupJobs(
  ctx: VendorContext,
  client: BackupClient,
  input: { completeAfter?: Date; nextToken?: string; maxResults?: number },
): Promise<ListBackupJobsCommandOutput> {
  try {
    return await client.send(
      new ListBackupJobsCommand({
        ByCompleteAfter: input.completeAfter,
        NextToken: input.nextToken,
        MaxResults: input.maxResults ?? AWS_PAGE_SIZE,
      }),
      { abortSignal: ctx.signal },
    );
  } catch (err) {
    return refused(err);
  }
}
