/**
 * How good a model is on labelled e-mails: assessment accuracy and macro-F1, Device and Job
 * precision/recall/F1, classification accuracy, and the count of Negative e-mails assessed
 * Positive with confidence above 0.8 (the mistake that must not happen).
 */
import { analyseAlert } from './analyse.ts';
import type { AlertModel } from './model.ts';
import { norm } from './train.ts';
import type { LabelledAlert } from './types.ts';

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  /** Gold and predicted entity counts, and how many matched. */
  gold: number;
  predicted: number;
  matched: number;
}

export interface Evaluation {
  count: number;
  assessmentAccuracy: number;
  assessmentMacroF1: number;
  /** Per assessment class ("1" Negative, "2" Neutral, "3" Positive): F1. */
  assessmentF1: Record<string, number>;
  entities: { Device: Prf; Job: Prf };
  /** Alert type right; and the label too. Over the e-mails that have a classification label. */
  classificationAccuracy: number;
  classificationLabelAccuracy: number;
  negativeAssessedPositiveConfident: number;
}

const r4 = (v: number) => Math.round(v * 10000) / 10000;
const ratio = (a: number, b: number) => (b ? a / b : 0);
const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

export function prf(gold: number, predicted: number, matched: number): Prf {
  const precision = ratio(matched, predicted);
  const recall = ratio(matched, gold);
  return { precision: r4(precision), recall: r4(recall), f1: r4(f1(precision, recall)), gold, predicted, matched };
}

/**
 * Macro-F1 over the classes that occur in the gold labels or the predictions.
 * `pairs` are [gold, predicted].
 */
export function macroF1(pairs: [string, string][]): { macro: number; perClass: Record<string, number> } {
  const classes = [...new Set(pairs.flat())].sort();
  const perClass: Record<string, number> = {};
  for (const c of classes) {
    const tp = pairs.filter(([g, p]) => g === c && p === c).length;
    const fp = pairs.filter(([g, p]) => g !== c && p === c).length;
    const fn = pairs.filter(([g, p]) => g === c && p !== c).length;
    perClass[c] = r4(f1(ratio(tp, tp + fp), ratio(tp, tp + fn)));
  }
  const macro = classes.length ? classes.reduce((s, c) => s + perClass[c], 0) / classes.length : 0;
  return { macro: r4(macro), perClass };
}

/** Entities are compared per e-mail as sets of (label, value), values trimmed and lower-cased. */
export function evaluate(model: AlertModel, examples: LabelledAlert[]): Evaluation {
  const pairs: [string, string][] = [];
  let classified = 0;
  let typeRight = 0;
  let labelRight = 0;
  let dangerous = 0;
  const counts = { Device: { gold: 0, predicted: 0, matched: 0 }, Job: { gold: 0, predicted: 0, matched: 0 } };
  for (const ex of examples) {
    const a = analyseAlert(ex.subject, ex.body, model);
    if (ex.assessment) {
      pairs.push([String(ex.assessment), String(a.assessment)]);
      if (ex.assessment === 1 && a.assessment === 3 && a.confidence > 0.8) dangerous++;
    }
    if (ex.classification) {
      classified++;
      if (a.classification?.type === ex.classification.type) typeRight++;
      if (a.classification?.label === ex.classification.label) labelRight++;
    }
    if (!ex.annotations) continue;
    for (const label of ['Device', 'Job'] as const) {
      const gold = new Set(ex.annotations.filter((g) => g.label === label).map((g) => norm(g.value)));
      const got = new Set(a.annotations.filter((g) => g.label === label && g.nerType === 1).map((g) => norm(g.value)));
      counts[label].gold += gold.size;
      counts[label].predicted += got.size;
      counts[label].matched += [...got].filter((v) => gold.has(v)).length;
    }
  }
  const { macro, perClass } = macroF1(pairs);
  return {
    count: examples.length,
    assessmentAccuracy: r4(ratio(pairs.filter(([g, p]) => g === p).length, pairs.length)),
    assessmentMacroF1: macro,
    assessmentF1: perClass,
    entities: {
      Device: prf(counts.Device.gold, counts.Device.predicted, counts.Device.matched),
      Job: prf(counts.Job.gold, counts.Job.predicted, counts.Job.matched),
    },
    classificationAccuracy: r4(ratio(typeRight, classified)),
    classificationLabelAccuracy: r4(ratio(labelRight, classified)),
    negativeAssessedPositiveConfident: dangerous,
  };
}
