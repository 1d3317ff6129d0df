import {
  BackupClient,
  ListBackupJobsCommand,
  ListCopyJobsCommand,
  type ListBackupJobsCommandOutput,
  type ListCopyJobsCommandOutput,
} from '@aws-sdk/client-backup';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import { awsCredentials } from './credentials.ts';
import { awsRequestHandler } from './handler.ts';

/**
 * AWS Backup through the official SDK (@aws-sdk/client-backup, REST-JSON, SigV4). Every request
 * the SDK builds is sent by the sync's HTTP client (outbound guard, timeout, 429/5xx retries with
 * Retry-After), so the SDK's own retries are off. ListBackupJobs and ListCopyJobs page with
 * NextToken (at most 1000). With a role ARN the requests are signed with the role's temporary
 * credentials (./credentials.ts).
 */

export const AWS_PAGE_SIZE = 1000;

/** The source's region first, then the "More regions" list; unknown words are dropped by AWS itself. */
export function awsRegions(s: SourceSettings): string[] {
  const more = (s.credentials.AdditionalRegions ?? '').split(/[\s,;]+/).filter(Boolean);
  return [...new Set([s.region || 'us-east-1', ...more])];
}

export function awsClient(ctx: VendorContext, s: SourceSettings, region: string): BackupClient {
  const endpoint = s.credentials.Endpoint?.trim();
  return new BackupClient({
    region,
    ...(endpoint ? { endpoint } : {}),
    credentials: () => awsCredentials(ctx, s, region),
    maxAttempts: 1,
    requestHandler: awsRequestHandler(ctx) as never,
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

export async function listCopyJobs(
  ctx: VendorContext,
  client: BackupClient,
  input: { completeAfter?: Date; nextToken?: string; maxResults?: number },
): Promise<ListCopyJobsCommandOutput> {
  try {
    return await client.send(
      new ListCopyJobsCommand({
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
