import type { Deps } from '../../../deps.ts';
import type { Secrets } from '../../../platform/secrets.ts';

/** The context profiles seal webhook secrets under (ticketing/profiles.ts). */
export const webhookSecretContext = (tenantId: number) => `webhook:${tenantId}`;

/** The deployment's secrets box (sealed under the master key), as the app settled on it. */
async function secretsOf(deps: Pick<Deps, 'secrets'>): Promise<Secrets> {
  return deps.secrets;
}

/** A profile's webhook secret in plain text; null when unset or unreadable. */
export async function openWebhookSecret(
  deps: Pick<Deps, 'database' | 'config' | 'secrets'>,
  tenantId: number,
  sealed: string | null,
): Promise<string | null> {
  if (!sealed) return null;
  return (await secretsOf(deps)).open(sealed, webhookSecretContext(tenantId));
}
