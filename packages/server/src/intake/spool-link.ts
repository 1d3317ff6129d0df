import { Worker } from 'node:worker_threads';
import type { SpoolEnvelope } from './spool-format.ts';

export type ToSpoolThread =
  { type: 'append'; id: number; envelope: SpoolEnvelope; raw: Uint8Array } | { type: 'close' };

export type FromSpoolThread =
  | { type: 'written'; records: [id: number, segment: number, offset: number][]; segment: number; end: number }
  | { type: 'failed'; ids: number[]; error: string }
  | { type: 'closed' };

type Waiting = { resolve: (at: { segment: number; offset: number }) => void; reject: (err: Error) => void };

/**
 * The SMTP thread's side of the spool thread: `append` resolves once the record is fsynced.
 * `onDurable` hears how far the spool's current segment is durable after each group, and how many
 * records the group held.
 */
export class SpoolLink {
  private readonly thread: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed: (() => void) | null = null;

  constructor(dir: string, segment: number, onDurable: (segment: number, end: number, records: number) => void) {
    this.thread = new Worker(new URL('./thread.mjs', import.meta.url), {
      workerData: { entry: './spool-thread.ts', dir, segment },
    });
    this.thread.on('message', (m: FromSpoolThread) => {
      if (m.type === 'written') {
        for (const [id, seg, offset] of m.records) {
          this.waiting.get(id)?.resolve({ segment: seg, offset });
          this.waiting.delete(id);
        }
        onDurable(m.segment, m.end, m.records.length);
      } else if (m.type === 'failed') {
        for (const id of m.ids) {
          this.waiting.get(id)?.reject(new Error(m.error));
          this.waiting.delete(id);
        }
      } else {
        this.closed?.();
      }
    });
    this.thread.on('error', (err) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
      throw err;
    });
  }

  append(envelope: SpoolEnvelope, raw: Buffer): Promise<{ segment: number; offset: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread.postMessage({ type: 'append', id, envelope, raw } satisfies ToSpoolThread);
    });
  }

  /** Waits for the appends under way, then closes the segment and the thread. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.closed = resolve;
      this.thread.postMessage({ type: 'close' } satisfies ToSpoolThread);
    });
    await this.thread.terminate();
  }
}
