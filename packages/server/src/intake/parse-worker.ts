import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FilingContext } from '../parser/engine.ts';
import { parseRaw, type ParsedMail } from './parser-pool.ts';

// Parsing is background work: under a burst the SMTP thread's answers and the API come first.
// (On Linux this lowers this thread only; where it is not allowed, the default priority stays.)
try {
  setPriority(0, 10);
} catch {
  // not allowed here
}

/** A parser thread: raw bytes in, the decoded essentials and the parse outcome out. */
parentPort?.on('message', (task: { id: number; raw: Uint8Array; context?: FilingContext }) => {
  parseRaw(Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength), task.context).then(
    (out: ParsedMail) => parentPort!.postMessage({ id: task.id, ok: true, out }),
    (err: unknown) =>
      parentPort!.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
