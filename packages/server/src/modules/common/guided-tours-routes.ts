import { GuidedTours } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';

const KEY = 'guided-tours';

/** The first-run tours a user has finished or dismissed, kept per user on the server. */
export function guidedTourRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.get('/api/account/guided-tours', { schema: { tags: ['Account'], response: { 200: GuidedTours } } }, async (req) => {
    const res = await database.query<{ value: unknown }>(
      'SELECT value FROM user_preferences WHERE user_id = $1 AND key = $2',
      [req.auth.userId, KEY],
    );
    const parsed = GuidedTours.safeParse(res.rows[0]?.value);
    return parsed.success ? parsed.data : { Dismissed: [] };
  });

  r.put(
    '/api/account/guided-tours',
    { schema: { tags: ['Account'], body: GuidedTours, response: { 200: GuidedTours } } },
    async (req) => {
      const value = { Dismissed: [...new Set(req.body.Dismissed)] };
      await database.query(
        `INSERT INTO user_preferences (user_id, key, value, updated_at) VALUES ($1, $2, $3::jsonb, now())
         ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [req.auth.userId, KEY, JSON.stringify(value)],
      );
      return value;
    },
  );
}
