import { Worker } from 'node:worker_threads';
import { analyseAlert, evaluate, loadModel, parseModel, trainAlertModel, type AlertModel } from '../../alerts/index.ts';
import { loadCorpus } from '../../alerts/corpus.ts';
import type { AlertAnalysis, LabelledAlert } from '../../alerts/types.ts';

/** The bridge to the alert-analysis core (`alerts/`): the one place the modules call it. */
export type { AlertModel };

export function shippedModel(): { version: string; model: AlertModel } {
  const model = loadModel();
  return { version: model.version, model };
}

/** A stored model (jsonb) checked before use. */
export function storedModel(value: unknown): AlertModel {
  return parseModel(typeof value === 'string' ? value : JSON.stringify(value));
}

export function analyseWith(subject: string, body: string, model: AlertModel, version: string): AlertAnalysis {
  return { ...analyseAlert(subject, body, model), parserVersion: version };
}

export function suggestWith(subject: string, body: string, model: AlertModel): AlertAnalysis['classification'] {
  return analyseAlert(subject, body, model).classification;
}

export interface TrainedModel {
  version: string;
  model: AlertModel;
  /** Assessment accuracy of the new model on the held-out set. */
  accuracy: number;
  /** The current model's accuracy on the same set. */
  currentAccuracy: number;
  examples: number;
}

/**
 * Trains a model from the corpus's training part and what people taught (`taught`), and
 * evaluates it and the current model on the held-out part, which never trains.
 */
export function trainWith(taught: LabelledAlert[], version: string, current: AlertModel): TrainedModel {
  const examples = [...loadCorpus('train').map((e) => e.example), ...taught];
  const heldOut = loadCorpus('held-out').map((e) => e.example);
  const model = trainAlertModel(examples, version);
  return {
    version,
    model,
    accuracy: evaluate(model, heldOut).assessmentAccuracy,
    currentAccuracy: evaluate(current, heldOut).assessmentAccuracy,
    examples: examples.length,
  };
}

/** `trainWith` on its own thread, so the server keeps answering while a model trains. */
export function trainInThread(taught: LabelledAlert[], version: string, current: AlertModel): Promise<TrainedModel> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./train-worker.mjs', import.meta.url), {
      workerData: { taught, version, current },
    });
    worker.once('message', (m: { ok: boolean; out?: TrainedModel; error?: string }) => {
      if (m.ok) resolve(m.out!);
      else reject(new Error(m.error));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the training thread ended with code ${code}`));
    });
  });
}
