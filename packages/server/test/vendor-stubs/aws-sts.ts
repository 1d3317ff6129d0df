import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * AWS STS AssumeRole as the local AWS stub answers it: the Query protocol (a signed form POST,
 * `Action=AssumeRole&Version=2011-06-15`), XML answers, temporary credentials (an `ASIA…` key,
 * a secret and a session token) that the stub then accepts, and `AccessDenied` for a role or
 * external id the trust policy does not allow.
 */

export const STUB_ROLE_ARN = 'arn:aws:iam::111122223333:role/VigilBackupRead';
export const STUB_EXTERNAL_ID = 'vigil-7f3a9c2e';
export const STUB_USER_ARN = 'arn:aws:iam::111122223333:user/vigil';

export interface TemporaryKey {
  secret: string;
  token: string;
}

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'text/xml', 'x-amzn-RequestId': randomBytes(8).toString('hex') });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

const stsError = (res: ServerResponse, status: number, code: string, message: string) =>
  xml(
    res,
    status,
    `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomBytes(8).toString('hex')}</RequestId></ErrorResponse>`,
  );

/** Answers one STS request; issued keys are added to `issued`. */
export function answerSts(res: ServerResponse, form: URLSearchParams, issued: Map<string, TemporaryKey>): void {
  if (form.get('Action') !== 'AssumeRole' || form.get('Version') !== '2011-06-15') {
    return stsError(
      res,
      400,
      'InvalidAction',
      `Could not find operation ${form.get('Action') ?? ''} for version ${form.get('Version') ?? ''}`,
    );
  }
  const role = form.get('RoleArn') ?? '';
  const session = form.get('RoleSessionName') ?? '';
  if (!/^[\w+=,.@-]{2,64}$/.test(session)) {
    return stsError(res, 400, 'ValidationError', 'Value at roleSessionName failed to satisfy constraint');
  }
  if (role !== STUB_ROLE_ARN || form.get('ExternalId') !== STUB_EXTERNAL_ID) {
    return stsError(
      res,
      403,
      'AccessDenied',
      `User: ${STUB_USER_ARN} is not authorized to perform: sts:AssumeRole on resource: ${role}`,
    );
  }
  const key = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secret = randomBytes(30).toString('base64');
  const token = `FwoGZXIvYXdzE${randomBytes(48).toString('base64')}`;
  issued.set(key, { secret, token });
  const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const roleName = role.split('/').pop();
  xml(
    res,
    200,
    `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><AssumedRoleUser><Arn>arn:aws:sts::111122223333:assumed-role/${roleName}/${session}</Arn><AssumedRoleId>AROA3XFRBF535PLBIFPI4:${session}</AssumedRoleId></AssumedRoleUser><Credentials><AccessKeyId>${key}</AccessKeyId><SecretAccessKey>${secret}</SecretAccessKey><SessionToken>${token}</SessionToken><Expiration>${expires}</Expiration></Credentials><PackedPolicySize>6</PackedPolicySize></AssumeRoleResult><ResponseMetadata><RequestId>${randomBytes(8).toString('hex')}</RequestId></ResponseMetadata></AssumeRoleResponse>`,
  );
}
