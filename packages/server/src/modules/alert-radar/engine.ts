import type { Database } from '../../db/client.ts';
import type { AlertAnalysis } from '../../alerts/types.ts';
import { analyseWith, shippedModel, storedModel, type AlertModel } from './core.ts';

/**
 * The active alert model: the promoted row of `alert_models`, else the model shipped with the
 * product. Cached for a few seconds per process; promoting a model clears the cache.
 */
interface Active {
  at: number;
  id: number;
  version: string;
  model: AlertModel;
}
let active: Active | null = null;
const CACHE_MS = 10_000;

export function forgetActiveModel(): void {
  active = null;
}

export async function activeModel(database: Database): Promise<Active> {
  if (active && Date.now() - active.at < CACHE_MS) return active;
  const { rows } = await database.query<{ id: number; version: string; model: unknown }>(
    'SELECT id, version, model FROM alert_models WHERE promoted ORDER BY id DESC LIMIT 1',
  );
  const shipped = shippedModel();
  active = rows[0]
    ? { at: Date.now(), id: Number(rows[0].id), version: rows[0].version, model: storedModel(rows[0].model) }
    : { at: Date.now(), id: 0, version: shipped.version, model: shipped.model };
  return active;
}

/** Analyses one alert e-mail with the active model. */
export async function analyseEmail(database: Database, subject: string, body: string): Promise<AlertAnalysis> {
  const m = await activeModel(database);
  return analyseWith(subject, body, m.model, m.version);
}
