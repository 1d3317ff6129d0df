import { eq } from 'drizzle-orm';
import { CRM_VENDORS, type CrmTypeValue, type CrmValidation, type CrmVendor } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { crmIntegrations } from '../../db/schema/index.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { createPsaClient } from './psa/index.ts';
import { PsaError, type PsaClient, type PsaExchange } from './psa/types.ts';
import { openCredentials, secretValues, vendorOf } from './psa-credentials.ts';
import { ResponseRecorder } from './psa-responses.ts';
import type { IntegrationRow } from './types.ts';

export interface OpenedClient {
  client: PsaClient;
  flush: () => Promise<void>;
}

export async function clientFor(
  deps: Pick<Deps, 'database' | 'config' | 'secrets'>,
  row: IntegrationRow,
): Promise<OpenedClient> {
  const vendor = vendorOf(row);
  const creds = await openCredentials(deps, row);
  const recorder = new ResponseRecorder(deps, row.tenantId, row.id, secretValues(vendor, creds));
  return {
    client: createPsaClient(row.crmType as CrmTypeValue, creds, {
      record: recorder.record,
      outbound: outboundPolicy(deps.config),
    }),
    flush: recorder.flush,
  };
}

/**
 * The tenant's PSA client, with its exchanges recorded into the stored responses; null when the
 * tenant has no PSA. Used by ticketing to create and update tickets.
 */
export async function psaForTenant(
  deps: Deps,
  tenantId: number,
): Promise<{
  client: PsaClient;
  integrationId: number;
  crmType: CrmTypeValue;
  /** Resolves once every exchange so far is stored. */
  flush: () => Promise<void>;
} | null> {
  const [row] = await deps.database.db.select().from(crmIntegrations).where(eq(crmIntegrations.tenantId, tenantId));
  if (!row) return null;
  const { client, flush } = await clientFor(deps, row);
  return { client, integrationId: row.id, crmType: row.crmType as CrmTypeValue, flush };
}

/** How long a credentials check may take, connection, answer and retries together. */
export const PSA_VALIDATE_SECONDS = 5;

/** Rejects with a PsaError once the deadline fires, whatever the client is still waiting on. */
function within<T>(work: Promise<T>, deadline: AbortSignal, url: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const where = typeof url === 'string' && url ? `The PSA at ${url}` : 'The PSA';
    const late = () => reject(new PsaError(`${where} did not answer within ${PSA_VALIDATE_SECONDS} seconds`, 0, false));
    if (deadline.aborted) return late();
    deadline.addEventListener('abort', late, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', late));
  });
}

/**
 * A live call with these credentials, answered within `PSA_VALIDATE_SECONDS` even when the address
 * takes the connection and never answers; records its exchanges when an integration is named.
 */
export async function tryCredentials(
  deps: Pick<Deps, 'database' | 'config' | 'secrets'>,
  vendor: CrmVendor,
  creds: Record<string, unknown>,
  row: IntegrationRow | null,
  kept?: PsaExchange[],
): Promise<CrmValidation> {
  const recorder = row ? new ResponseRecorder(deps, row.tenantId, row.id, secretValues(vendor, creds)) : null;
  const record = recorder ? recorder.record : kept ? (e: PsaExchange) => void kept.push(e) : undefined;
  const deadline = AbortSignal.timeout(PSA_VALIDATE_SECONDS * 1000);
  try {
    const client = createPsaClient(CRM_VENDORS[vendor].type, creds, {
      record,
      outbound: outboundPolicy(deps.config),
      deadline,
    });
    await within(client.validate(), deadline, creds.Url);
    return { IsValid: true, Message: `Connected to ${CRM_VENDORS[vendor].label}.` };
  } catch (err) {
    if (!(err instanceof PsaError)) console.error('[psa] validation failed:', err);
    return { IsValid: false, Message: err instanceof PsaError ? err.message : 'The PSA could not be reached' };
  } finally {
    await recorder?.flush();
  }
}
