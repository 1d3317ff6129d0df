import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { systemSettings } from '../../db/schema/index.ts';

const cache = new WeakMap<Deps, Promise<string>>();

/** The server's signing secret (JWT_SECRET, or the one generated once and kept in the database). */
export function signingSecret(deps: Deps): Promise<string> {
  let p = cache.get(deps);
  if (!p) {
    p = deps.config.JWT_SECRET
      ? Promise.resolve(deps.config.JWT_SECRET)
      : deps.database.db
          .select()
          .from(systemSettings)
          .where(eq(systemSettings.key, 'jwt_secret'))
          .then(([row]) => {
            if (!row) throw new Error('The signing secret is missing');
            return row.value;
          });
    cache.set(deps, p);
  }
  return p;
}
