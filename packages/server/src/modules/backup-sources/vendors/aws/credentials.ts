import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import { awsRequestHandler } from './handler.ts';

/**
 * The credentials AWS Backup is read with: the source's access keys, or — when a role ARN is
 * given — temporary credentials from STS AssumeRole (with the external id the role's trust
 * policy asks for), obtained once per sync through the same guarded HTTP client.
 */

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export const AWS_ROLE_SESSION_NAME = 'vigil-backup-monitoring';

const assumed = new WeakMap<VendorContext, Map<string, Promise<AwsKeys>>>();

const staticKeys = (s: SourceSettings): AwsKeys => ({
  accessKeyId: s.credentials.AccessKeyId?.trim() ?? '',
  secretAccessKey: s.credentials.SecretAccessKey ?? '',
});

/** STS answers in XML (`<Error><Code>AccessDenied</Code><Message>…</Message>`); the tenant reads the message. */
export function stsMessage(text: string): string {
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1]?.trim();
  const code = /<Code>([\s\S]*?)<\/Code>/.exec(text)?.[1]?.trim();
  if (!message) return text;
  return code ? `${code}: ${message}` : message;
}

async function assumeRole(ctx: VendorContext, s: SourceSettings, region: string, roleArn: string): Promise<AwsKeys> {
  const endpoint = s.credentials.Endpoint?.trim();
  const sts = new STSClient({
    region,
    ...(endpoint ? { endpoint } : {}),
    credentials: staticKeys(s),
    maxAttempts: 1,
    requestHandler: awsRequestHandler(ctx) as never,
  });
  const externalId = s.credentials.ExternalId?.trim();
  try {
    const out = await sts.send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: AWS_ROLE_SESSION_NAME,
        ...(externalId ? { ExternalId: externalId } : {}),
      }),
      { abortSignal: ctx.signal },
    );
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey)
      throw new VendorError('AWS STS gave no credentials for the role', 502, false);
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken };
  } catch (err) {
    if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(stsMessage(err.message), err.status);
    }
    if (err instanceof VendorError) throw new VendorError(stsMessage(err.message), err.status, err.retryable);
    throw err;
  }
}

/** The keys to sign AWS Backup requests with; a role is assumed once per sync and region set. */
export function awsCredentials(ctx: VendorContext, s: SourceSettings, region: string): Promise<AwsKeys> {
  const roleArn = s.credentials.RoleArn?.trim();
  if (!roleArn) return Promise.resolve(staticKeys(s));
  let forCtx = assumed.get(ctx);
  if (!forCtx) assumed.set(ctx, (forCtx = new Map()));
  const key = `${roleArn}\n${s.credentials.ExternalId ?? ''}\n${s.credentials.AccessKeyId ?? ''}`;
  let keys = forCtx.get(key);
  if (!keys) {
    keys = assumeRole(ctx, s, region, roleArn);
    forCtx.set(key, keys);
    keys.catch(() => forCtx.delete(key));
  }
  return keys;
}
