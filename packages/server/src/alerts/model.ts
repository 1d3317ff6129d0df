/**
 * The alert model: what training produces and `analyseAlert` reads. Stored as JSON; the current
 * one is model/alert-model.json in the repository, its `version` is the analyses' ParserVersion.
 */
import { readFileSync } from 'node:fs';
import type { CueTable } from './entities.ts';
import type { LinearModel } from './logreg.ts';

export interface AlertModel {
  version: string;
  /** How many labelled e-mails trained it. */
  trainedOn: number;
  /** Assessment classes are "1" Negative, "2" Neutral, "3" Positive (features §3.2). */
  assessment: LinearModel;
  /** Classes are alert types ("storage"); null when no example had a classification. */
  alertType: LinearModel | null;
  /** Classes are classification labels ("Disk space low"); null when no example had one. */
  classification: LinearModel | null;
  /** Classification label → alert type ("Disk space low" → "storage"). */
  labelTypes: Record<string, string>;
  /** Learned precision of each Device and Job cue. */
  cues: CueTable;
}

const MODEL_FILE = new URL('./model/alert-model.json', import.meta.url);

let current: AlertModel | null = null;

/** The model shipped in the repository (read once). */
export function loadModel(): AlertModel {
  current ??= JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as AlertModel;
  return current;
}

/** A model from its JSON text (a retrained model the server stored). */
export function parseModel(json: string): AlertModel {
  const m = JSON.parse(json) as AlertModel;
  if (!m || typeof m.version !== 'string' || !m.assessment?.classes) throw new Error('not an alert model');
  return m;
}
