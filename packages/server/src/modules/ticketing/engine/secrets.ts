import { eq } from 'drizzle-orm';
import type { Deps } from '../../../deps.ts';
import { systemSettings } from '../../../db/schema/index.ts';
import { Secrets } from '../../../platform/secrets.ts';

/** The context profiles seal webhook secrets under (ticketing/profiles.ts). */
export const webhookSecretContext = (tenantId: number) => `webhook:${tenantId}`;

const byDatabase = new WeakMap<object, Secrets>();

/** The deployment's secrets box, derived from the signing secret the app settled on. */
async function secretsOf(deps: Pick<Deps, 'database' | 'config'>): Promise<Secrets> {
  const known = byDatabase.get(deps.database);
  if (known) return known;
  let secret = deps.config.JWT_SECRET;
  if (!secret) {
    const [row] = await deps.database.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'jwt_secret'));
    if (!row) throw new Error('The signing secret is not set up yet');
    secret = row.value;
  }
  const s = new Secrets(secret);
  byDatabase.set(deps.database, s);
  return s;
}

/** A profile's webhook secret in plain text; null when unset or unreadable. */
export async function openWebhookSecret(
  deps: Pick<Deps, 'database' | 'config'>,
  tenantId: number,
  sealed: string | null,
): Promise<string | null> {
  if (!sealed) return null;
  return (await secretsOf(deps)).open(sealed, webhookSecretContext(tenantId));
}
