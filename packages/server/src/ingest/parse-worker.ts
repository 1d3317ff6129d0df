import { parentPort } from 'node:worker_threads';
import { parseForFiling } from './parser/engine.ts';
import { readMail } from './parser/mime.ts';
import type { ParsedMail } from './parser-pool.ts';

/** A parser thread: raw bytes in, the decoded essentials and the parse outcome out. */
parentPort?.on('message', (task: { id: number; raw: Uint8Array }) => {
  readMail(Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength)).then(
    (msg) => {
      const out: ParsedMail = { subject: msg.subject, from: msg.from, date: msg.date, outcome: parseForFiling(msg) };
      parentPort!.postMessage({ id: task.id, ok: true, out });
    },
    (err: unknown) =>
      parentPort!.postMessage({ id: task.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
