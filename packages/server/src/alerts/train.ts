/**
 * Training an alert model from labelled e-mails: pure and deterministic (the same examples in
 * the same order give the same model). Used by `npm run train:alerts` over the corpus and by the
 * server's retrain over people's feedback and corrected labels.
 */
import { candidates, cueKey, type CueTable } from './entities.ts';
import { featuresOf } from './features.ts';
import { compact, DEFAULT_TRAIN, trainLinear, type Features, type TrainOptions } from './logreg.ts';
import type { AlertModel } from './model.ts';
import type { LabelledAlert } from './types.ts';

/** Smoothing of cue precisions: a cue seen once counts for little. */
const CUE_PRIOR = 0.5;
const CUE_PRIOR_WEIGHT = 2;

export const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');

/** How often each Device/Job cue proposed a value people labelled as that entity. */
export function learnCues(examples: LabelledAlert[]): CueTable {
  const hits = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const ex of examples) {
    if (!ex.annotations) continue;
    const gold = new Set(
      ex.annotations.filter((a) => a.label === 'Device' || a.label === 'Job').map((a) => `${a.label}|${norm(a.value)}`),
    );
    const counted = new Set<string>();
    for (const c of candidates(ex.subject, ex.body)) {
      const key = cueKey(c);
      const once = `${key}|${norm(c.value)}`;
      if (counted.has(once)) continue;
      counted.add(once);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (gold.has(`${c.label}|${norm(c.value)}`)) hits.set(key, (hits.get(key) ?? 0) + 1);
    }
  }
  const table: CueTable = {};
  for (const key of [...seen.keys()].sort()) {
    const p = ((hits.get(key) ?? 0) + CUE_PRIOR * CUE_PRIOR_WEIGHT) / ((seen.get(key) ?? 0) + CUE_PRIOR_WEIGHT);
    table[key] = Math.round(p * 1000) / 1000;
  }
  return table;
}

export function trainAlertModel(
  examples: LabelledAlert[],
  version: string,
  options: TrainOptions = DEFAULT_TRAIN,
): AlertModel {
  const feats: Features[] = examples.map((e) => featuresOf(e.subject, e.body));
  const assessed = examples.flatMap((e, i) =>
    e.assessment && e.assessment > 0 ? [{ x: feats[i], y: String(e.assessment) }] : [],
  );
  const classified = examples.flatMap((e, i) => (e.classification ? [{ x: feats[i], y: e.classification.label }] : []));
  const typed = examples.flatMap((e, i) => (e.classification ? [{ x: feats[i], y: e.classification.type }] : []));
  const labelTypes: Record<string, string> = {};
  for (const e of examples) if (e.classification) labelTypes[e.classification.label] ??= e.classification.type;
  return {
    version,
    trainedOn: examples.length,
    assessment: compact(trainLinear(assessed, options)),
    alertType: typed.length ? compact(trainLinear(typed, options)) : null,
    classification: classified.length ? compact(trainLinear(classified, options)) : null,
    labelTypes: Object.fromEntries(Object.entries(labelTypes).sort(([a], [b]) => a.localeCompare(b))),
    cues: learnCues(examples),
  };
}
