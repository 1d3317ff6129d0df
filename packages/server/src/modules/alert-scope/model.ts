import type { AlertModelOverview, AlertModelVersion, AlertRetrainResult } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { activeModel, forgetActiveModel } from '../alert-radar/engine.ts';
import { shippedModel, trainInThread } from '../alert-radar/core.ts';
import { taughtExamples } from './training.ts';

/** Alert model versions: retrain a candidate from the corpus and people's teaching, then promote it. */

interface ModelRow {
  id: number;
  version: string;
  accuracy: number | null;
  promoted: boolean;
  created_at: Date | string;
  training_examples: number | null;
}

function toVersion(r: ModelRow): AlertModelVersion {
  return {
    Id: r.id,
    Version: r.version,
    Accuracy: r.accuracy,
    Promoted: r.promoted,
    CreatedAt: new Date(r.created_at).toISOString(),
    TrainingExamples: r.training_examples,
  };
}

const SELECT = 'SELECT id, version, accuracy, promoted, created_at, training_examples FROM alert_models';

export async function modelOverview(database: Database): Promise<AlertModelOverview> {
  const { rows } = await database.query<ModelRow>(`${SELECT} ORDER BY id DESC LIMIT 50`);
  const versions = rows.map(toVersion);
  const promoted = versions.find((v) => v.Promoted);
  const shipped = shippedModel();
  const builtIn: AlertModelVersion = {
    Id: 0,
    Version: shipped.version,
    Accuracy: null,
    Promoted: !promoted,
    CreatedAt: null,
    TrainingExamples: null,
  };
  return { Active: promoted ?? builtIn, Versions: [...versions, builtIn] };
}

/** Trains and stores a candidate (not promoted) and reports both models' held-out accuracy. */
export async function retrain(database: Database, createdBy: string): Promise<AlertRetrainResult> {
  const current = await activeModel(database);
  const taught = await taughtExamples(database);
  // The row's id names the version, so two retrains at once never share one.
  const { rows: next } = await database.query<{ id: string }>("SELECT nextval('alert_models_id_seq')::text AS id");
  const id = Number(next[0].id);
  const version = `${shippedModel().version}-r${id}`;
  const trained = await trainInThread(taught, version, current.model);
  const { rows } = await database.query<ModelRow>(
    `INSERT INTO alert_models (id, version, model, accuracy, training_examples, created_by)
     VALUES ($6, $1, $2::jsonb, $3, $4, $5) RETURNING id, version, accuracy, promoted, created_at, training_examples`,
    [version, JSON.stringify(trained.model), trained.accuracy, trained.examples, createdBy, id],
  );
  return { Candidate: toVersion(rows[0]), CurrentAccuracy: trained.currentAccuracy };
}

/** Makes a stored model the active one (id 0: back to the shipped model). */
export async function promote(database: Database, id: number): Promise<AlertModelOverview> {
  await database.transaction(async (q) => {
    if (id !== 0 && !(await q('SELECT 1 FROM alert_models WHERE id = $1', [id])).rows.length) throw notFound();
    await q('UPDATE alert_models SET promoted = (id = $1)', [id]);
  });
  forgetActiveModel();
  return modelOverview(database);
}
