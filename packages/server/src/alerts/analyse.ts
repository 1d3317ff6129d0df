/**
 * Analysing one alert e-mail: an assessment (Negative / Neutral / Positive) with its confidence,
 * the annotations, and the alert type. Pure: the same e-mail and model always give the same
 * analysis; no network, no database.
 */
import { annotate } from './entities.ts';
import { featuresOf, statusEvidence } from './features.ts';
import { subjectPolarity } from './lexicon.ts';
import { predict } from './logreg.ts';
import type { AlertModel } from './model.ts';
import type { AlertAnalysis, Assessment } from './types.ts';

/**
 * A Positive reading of an e-mail whose status evidence says it failed, whose subject or opening
 * lines name a problem without saying it is over, or whose subject says nothing good over a body
 * that names a problem, is never more sure than this: calling a failure good is the worst mistake
 * a monitor can make.
 */
export const POSITIVE_CAP_ON_FAILURE = 0.6;

/** Body lines read as the e-mail's opening when looking for a named problem. */
const OPENING_LINES = 5;
/** Body characters read for problem words when the subject says nothing good. */
const BODY_CHARS = 4000;

const round = (v: number) => Math.round(v * 1000) / 1000;
const argmax = (p: number[]) => p.reduce((b, v, i) => (v > p[b] ? i : b), 0);

export function analyseAlert(subject: string, body: string, model: AlertModel): AlertAnalysis {
  const x = featuresOf(subject, body);
  const p = predict(model.assessment, x);
  const best = argmax(p);
  const assessment = Number(model.assessment.classes[best] ?? 0) as Assessment;
  let confidence = p[best] ?? 0;
  if (assessment === 3) {
    const { decision } = statusEvidence(subject, body);
    const saysFailed = decision.status === 'Failure';
    // A subject, or the opening of the body, that names a problem and nothing of its end
    // ("DOWN | nightly", "Fail event on md0", "New alerts: * Replication … failed").
    const opening = body.split(/\r?\n/).slice(0, OPENING_LINES).join('\n');
    const saysProblem = [subject, opening].some((text) => {
      const said = subjectPolarity(text);
      return said.bad && !said.good;
    });
    // Or a subject that says nothing good over a body that names a problem somewhere.
    const quietSubject = !subjectPolarity(subject).good && subjectPolarity(body.slice(0, BODY_CHARS)).bad;
    if (saysFailed || saysProblem || quietSubject) confidence = Math.min(confidence, POSITIVE_CAP_ON_FAILURE);
  }
  let classification: AlertAnalysis['classification'] = null;
  if (model.alertType && model.classification) {
    // The type first (more examples per class), then the likeliest label of that type.
    const t = predict(model.alertType, x);
    const ti = argmax(t);
    const type = model.alertType.classes[ti];
    const q = predict(model.classification, x);
    let label = '';
    let best = -1;
    model.classification.classes.forEach((l, i) => {
      if ((model.labelTypes[l] ?? 'other') === type && q[i] > best) [label, best] = [l, q[i]];
    });
    classification = { type, label: label || model.classification.classes[argmax(q)], confidence: round(t[ti]) };
  }
  return {
    assessment,
    confidence: round(confidence),
    annotations: annotate(subject, body, model.cues),
    classification,
    parserVersion: model.version,
  };
}
