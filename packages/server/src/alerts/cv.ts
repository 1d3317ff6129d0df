/**
 * k-fold cross-validation over labelled e-mails (the train part only): how training choices
 * such as the learning rate were made without looking at the held-out part.
 */
import { evaluate, prf, type Evaluation, type Prf } from './evaluate.ts';
import type { TrainOptions } from './logreg.ts';
import { trainAlertModel } from './train.ts';
import type { LabelledAlert } from './types.ts';

export interface CrossValidation {
  folds: number;
  assessmentAccuracy: number;
  classificationAccuracy: number;
  Device: Prf;
  Job: Prf;
  negativeAssessedPositiveConfident: number;
}

/** Fold i holds the examples whose index is i modulo k. */
export function crossValidate(examples: LabelledAlert[], k = 5, options?: TrainOptions): CrossValidation {
  const evals: Evaluation[] = [];
  for (let fold = 0; fold < k; fold++) {
    const model = trainAlertModel(
      examples.filter((_, i) => i % k !== fold),
      'cv',
      options,
    );
    evals.push(
      evaluate(
        model,
        examples.filter((_, i) => i % k === fold),
      ),
    );
  }
  const sum = (f: (e: Evaluation) => number) => evals.reduce((s, e) => s + f(e), 0);
  const weighted = (f: (e: Evaluation) => number) =>
    Math.round((sum((e) => f(e) * e.count) / sum((e) => e.count)) * 10000) / 10000;
  const entity = (label: 'Device' | 'Job') =>
    prf(
      sum((e) => e.entities[label].gold),
      sum((e) => e.entities[label].predicted),
      sum((e) => e.entities[label].matched),
    );
  return {
    folds: k,
    assessmentAccuracy: weighted((e) => e.assessmentAccuracy),
    classificationAccuracy: weighted((e) => e.classificationAccuracy),
    Device: entity('Device'),
    Job: entity('Job'),
    negativeAssessedPositiveConfident: sum((e) => e.negativeAssessedPositiveConfident),
  };
}
