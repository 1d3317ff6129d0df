import type { BackupSourceDescriptor } from '@vigil/contract';
import type { Config } from '../../config.ts';
import { HttpError } from '../../platform/errors.ts';
import { outboundPolicy, urlProblem } from '../../platform/outbound.ts';
import type { Secrets } from '../../platform/secrets.ts';

/** A source's credentials: checked against its descriptor, sealed at rest, opened for a sync. */

type FieldError = { Field: string; Message: string };

export const sealContext = (tenantId: number) => `backup-source:${tenantId}`;

const fieldErrors = (errors: FieldError[]) => new HttpError(400, errors[0].Message, errors);

function schemeProblem(value: string, allowHttp: boolean): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'Enter the full URL, e.g. https://api.example.com';
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && allowHttp)) return null;
  return 'The URL must start with https://';
}

/**
 * The credentials to save: given values trimmed, secrets left null or empty taken from the stored
 * ones, defaults for empty optional fields. Every missing field and refused URL is reported at
 * once under `Credentials.{Key}`, before anything is tried or saved.
 */
export async function resolveCredentials(
  descriptor: BackupSourceDescriptor,
  given: Record<string, string | null>,
  stored: Record<string, string> | null,
  config: Config,
): Promise<Record<string, string>> {
  const errors: FieldError[] = [];
  const creds: Record<string, string> = {};
  for (const f of descriptor.Fields) {
    let v = given[f.Key]?.trim() ?? '';
    if (!v && f.Kind === 'secret' && stored?.[f.Key]) v = stored[f.Key];
    if (!v && f.Default) v = f.Default;
    if (!v) {
      if (f.Required) errors.push({ Field: `Credentials.${f.Key}`, Message: `${f.Label} is required` });
      continue;
    }
    if (f.Kind === 'choice' && !f.Options?.some((o) => o.Id === v)) {
      errors.push({ Field: `Credentials.${f.Key}`, Message: `Choose one of the ${f.Label.toLowerCase()} options` });
      continue;
    }
    if (f.Kind === 'url') {
      const problem = schemeProblem(v, config.PSA_ALLOW_HTTP) ?? (await urlProblem(v, outboundPolicy(config)));
      if (problem) {
        errors.push({ Field: `Credentials.${f.Key}`, Message: problem });
        continue;
      }
      v = v.replace(/\/+$/, '');
    }
    creds[f.Key] = v;
  }
  if (errors.length) throw fieldErrors(errors);
  return creds;
}

export function sealCredentials(secrets: Secrets, tenantId: number, creds: Record<string, string>): string {
  return secrets.seal(JSON.stringify(creds), sealContext(tenantId));
}

/** The stored credentials, or null when they cannot be opened any more (a lost master key). */
export function openCredentials(secrets: Secrets, tenantId: number, sealed: string): Record<string, string> | null {
  const plain = secrets.open(sealed, sealContext(tenantId));
  if (plain === null) return null;
  try {
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    return null;
  }
}

/** What a read shows: non-secret fields as stored, secrets null and listed in `Stored`. */
export function presentCredentials(
  descriptor: BackupSourceDescriptor,
  creds: Record<string, string> | null,
): { Credentials: Record<string, string | null>; Stored: string[] } {
  const out: Record<string, string | null> = {};
  const stored: string[] = [];
  for (const f of descriptor.Fields) {
    const v = creds?.[f.Key] ?? null;
    if (f.Kind === 'secret') {
      out[f.Key] = null;
      if (v) stored.push(f.Key);
    } else out[f.Key] = v;
  }
  return { Credentials: out, Stored: stored };
}
