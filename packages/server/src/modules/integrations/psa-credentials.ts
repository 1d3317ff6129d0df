import { CREDENTIALS, SECRET_FIELDS, vendorOfType, type CrmVendor } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Secrets } from '../../platform/secrets.ts';
import type { IntegrationRow } from './types.ts';

/** PSA credentials: checked, split into settings and sealed secrets, opened again for a client. */

export const fieldErrors = (errors: { Field: string; Message: string }[]) =>
  new HttpError(400, errors[0].Message, errors);

export const secretContext = (tenantId: number) => `crm:${tenantId}`;

/** The deployment's secrets box (sealed under the master key). */
export async function secretsOf(deps: Pick<Deps, 'secrets'>): Promise<Secrets> {
  return deps.secrets;
}

export function vendorOf(row: IntegrationRow): CrmVendor {
  const v = vendorOfType(row.crmType);
  if (!v) throw new Error(`Unknown CRM type ${row.crmType}`);
  return v;
}

/** The stored credentials with their secrets opened. */
export async function openCredentials(
  deps: Pick<Deps, 'database' | 'config' | 'secrets'>,
  row: IntegrationRow,
): Promise<Record<string, unknown>> {
  const plain = (await secretsOf(deps)).open(row.secrets, secretContext(row.tenantId));
  if (plain === null) {
    throw new HttpError(400, 'The stored PSA secrets cannot be read any more; enter them again.');
  }
  return { ...(row.settings as Record<string, unknown>), ...(JSON.parse(plain) as Record<string, unknown>) };
}

export function secretValues(vendor: CrmVendor, credentials: Record<string, unknown>): string[] {
  return SECRET_FIELDS[vendor].map((f) => credentials[f]).filter((v): v is string => typeof v === 'string');
}

/**
 * Checks a credential form and fills secrets left null from the stored ones. Every problem is
 * reported at once, each under `Credentials.{Field}`.
 */
export function resolveCredentials(
  vendor: CrmVendor,
  raw: Record<string, unknown>,
  stored: Record<string, unknown> | null,
  allowHttp: boolean,
): Record<string, unknown> {
  const schema = CREDENTIALS[vendor];
  const errors: { Field: string; Message: string }[] = [];
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      errors.push({ Field: ['Credentials', ...i.path.map(String)].join('.'), Message: i.message });
    }
  }
  const creds: Record<string, unknown> = parsed.success ? { ...parsed.data } : {};
  for (const f of SECRET_FIELDS[vendor]) {
    const given = parsed.success ? creds[f] : raw[f];
    if (given !== null && given !== undefined) continue;
    if (typeof stored?.[f] === 'string') {
      creds[f] = stored[f];
      continue;
    }
    // The field's own "… is required" message, from the schema under the nullable wrapper.
    const field = schema.shape[f] as unknown as { unwrap(): { unwrap(): { safeParse(v: unknown): unknown } } };
    const r = field.unwrap().unwrap().safeParse('') as { error?: { issues: { message: string }[] } };
    errors.push({ Field: `Credentials.${f}`, Message: r.error?.issues[0]?.message ?? `${f} is required` });
  }
  for (const f of ['Url', 'AuthUrl']) {
    const v = creds[f];
    if (typeof v !== 'string' || !v) continue;
    const problem = urlProblem(v, allowHttp);
    if (problem) errors.push({ Field: `Credentials.${f}`, Message: problem });
    else creds[f] = v.replace(/\/+$/, '');
  }
  if (errors.length) throw fieldErrors(errors);
  return creds;
}

function urlProblem(value: string, allowHttp: boolean): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'Enter the full URL, e.g. https://psa.example.com';
  }
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && allowHttp) return null;
  return 'The URL must start with https://';
}

export function splitCredentials(vendor: CrmVendor, creds: Record<string, unknown>) {
  const secret: Record<string, unknown> = {};
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(creds)) {
    if (SECRET_FIELDS[vendor].includes(k)) secret[k] = v;
    else settings[k] = v ?? null;
  }
  return { settings, secret };
}
