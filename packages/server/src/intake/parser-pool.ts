import { Worker } from 'node:worker_threads';
import { parseForFiling, type FilingContext, type ParseOutcome } from '../parser/engine.ts';
import { readMail } from '../parser/mime.ts';

/** What the pipeline needs of a decoded e-mail. */
export interface ParsedMail {
  subject: string;
  from: string;
  date: Date | null;
  outcome: ParseOutcome;
}

/**
 * Decodes and parses one e-mail. Bytes the MIME decoder refuses (a header block past its limit)
 * are an outcome, not an error: the same bytes would fail every retry.
 */
export async function parseRaw(raw: Buffer, context: FilingContext = {}): Promise<ParsedMail> {
  let msg;
  try {
    msg = await readMail(raw);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      subject: '',
      from: '',
      date: null,
      outcome: { vendor: null, results: [], reason: `The e-mail could not be decoded: ${why}` },
    };
  }
  return { subject: msg.subject, from: msg.from, date: msg.date, outcome: parseForFiling(msg, context) };
}

type Pending = { resolve: (p: ParsedMail) => void; reject: (e: Error) => void };

/**
 * MIME decoding and parsing off the main thread, so the SMTP door and the database keep the
 * event loop. With zero threads it parses inline (tests, one-off commands).
 */
export class ParserPool {
  private workers: { worker: Worker; pending: Map<number, Pending> }[] = [];
  private nextId = 1;

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) this.spawn();
  }

  private spawn() {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url), { workerData: { entry: './parse-worker.ts' } });
    const slot = { worker, pending: new Map<number, Pending>() };
    worker.on('message', (m: { id: number; ok: boolean; out?: ParsedMail; error?: string }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.ok) p.resolve(m.out!);
      else p.reject(new Error(m.error));
    });
    worker.on('error', (err) => {
      // A crashed thread fails what it held (those e-mails are retried); a fresh one takes its place.
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      this.workers = this.workers.filter((w) => w !== slot);
      this.spawn();
    });
    this.workers.push(slot);
  }

  /** `context`: what is known of the tenant the e-mail is for (its zone and date format). */
  parse(raw: Buffer, context: FilingContext = {}): Promise<ParsedMail> {
    if (!this.workers.length) return parseRaw(raw, context);
    const slot = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, raw, context });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
  }
}
