import type { Deps } from '../../deps.ts';
import { signingSecretFor } from '../../platform/secrets-at-rest.ts';

/** The server's signing secret (JWT_SECRET, or the one generated once and kept sealed in the database). */
export function signingSecret(deps: Deps): Promise<string> {
  return Promise.resolve(deps.config.JWT_SECRET ?? signingSecretFor(deps.database));
}
