import { parentPort, workerData } from 'node:worker_threads';
import type { LabelledAlert } from '../../alerts/types.ts';
import { trainWith, type AlertModel } from './core.ts';

/** A training thread: one retrain (a few seconds of CPU) off the main thread, then it ends. */
const task = workerData as { taught: LabelledAlert[]; version: string; current: AlertModel };
try {
  parentPort!.postMessage({ ok: true, out: trainWith(task.taught, task.version, task.current) });
} catch (err) {
  parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
