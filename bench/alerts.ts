/**
 * `npm run bench -- alerts`: the alert-analysis core on real alert e-mails
 * (packages/server/src/alerts/corpus). Trains a model on train/ (held-out/ is never trained or
 * tuned on), evaluates it on held-out/: assessment accuracy and macro-F1, Device and Job entity
 * precision/recall/F1, classification accuracy, Negative e-mails assessed Positive with
 * confidence above 0.8, and e-mails analysed per second on one core (the held-out set analysed
 * again and again for at least 5 s in this one thread). Also scores the shipped model file.
 */
import { analyseAlert } from '../packages/server/src/alerts/analyse.ts';
import { loadCorpus } from '../packages/server/src/alerts/corpus.ts';
import { evaluate } from '../packages/server/src/alerts/evaluate.ts';
import { loadModel } from '../packages/server/src/alerts/model.ts';
import { trainAlertModel } from '../packages/server/src/alerts/train.ts';
import { writeResults } from './_results.ts';

const train = loadCorpus('train').map((e) => e.example);
const heldOut = loadCorpus('held-out').map((e) => e.example);

const t0 = performance.now();
const model = trainAlertModel(train, 'bench');
const trainMs = Math.round(performance.now() - t0);

const figures = evaluate(model, heldOut);
const shipped = loadModel();
const shippedFigures = evaluate(shipped, heldOut);

// Throughput: warm up, then analyse the held-out set repeatedly for at least 5 s.
for (const e of heldOut) analyseAlert(e.subject, e.body, model);
let analysed = 0;
const start = performance.now();
while (performance.now() - start < 5000) {
  for (const e of heldOut) analyseAlert(e.subject, e.body, model);
  analysed += heldOut.length;
}
const seconds = (performance.now() - start) / 1000;
const perSecond = Math.round(analysed / seconds);

const targets = {
  assessmentAccuracy: figures.assessmentAccuracy >= 0.85,
  deviceF1: figures.entities.Device.f1 >= 0.8,
  jobF1: figures.entities.Job.f1 >= 0.8,
  emailsPerSecond: perSecond >= 200,
  noConfidentNegativeAsPositive: figures.negativeAssessedPositiveConfident === 0,
};

writeResults('alerts', {
  corpus: { train: train.length, heldOut: heldOut.length },
  trainMs,
  heldOut: figures,
  shippedModel: { version: shipped.version, heldOut: shippedFigures },
  throughput: { emailsPerSecond: perSecond, analysed, seconds: Math.round(seconds * 10) / 10, threads: 1 },
  targets,
});
