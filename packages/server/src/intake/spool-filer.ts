import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { databaseErrorCode, refusedInput } from '../platform/errors.ts';
import type { IngestService } from './service.ts';
import type { SpoolReader, SpoolRecord } from './spool.ts';

/** Records filed together: their rows go in the same group commits. */
const BATCH = 500;
/** The longest wait between two tries while the database is away. */
const MAX_BACKOFF_MS = 30_000;

export interface FilerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Files what the SMTP thread spooled: each record goes through the ingest service (blob, row,
 * parse job) exactly as an e-mail from IMAP or an upload does, with the time it was answered 250
 * as its received time. The checkpoint moves only past records that are filed, so a crash or a
 * database that is away delays e-mails and never loses them. A record the database can never
 * take (bytes it refuses, a tenant deleted since) is set aside as a file beside the spool and
 * logged, not dropped.
 */
export class SpoolFiler {
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Records filed since start, and set aside. */
  filed = 0;
  setAside = 0;
  /** When the oldest record not yet filed was answered 250, as far as the filer has read; null when none waits. */
  oldestWaiting: number | null = null;
  /**
   * True while the SMTP door is taking a flood: after each batch the filer then rests
   * `floodRestMs`, leaving the cores to the senders' 250s; the spool holds the rest.
   */
  yieldNow: (backlogBytes: number) => boolean = () => false;
  /** The rest after each batch during a flood: one batch of up to 500 every two seconds or so. */
  floodRestMs = 2000;
  private endRest: (() => void) | null = null;

  constructor(
    private readonly reader: SpoolReader,
    private readonly ingest: IngestService,
    private readonly spoolDir: string,
    private readonly log: FilerLog,
    /** After each batch is checkpointed, with the spooled bytes still to file. */
    private readonly afterBatch: (backlogBytes: number) => void = () => undefined,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** More records are durable. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Finishes the batch under way; what is left stays in the spool for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.endRest?.();
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let records: SpoolRecord[];
      try {
        records = await this.reader.next(BATCH);
      } catch (err) {
        this.log.error({ err: err instanceof Error ? err.message : err }, 'the spool could not be read');
        await this.pause(5000);
        continue;
      }
      if (!records.length) {
        this.oldestWaiting = null;
        await this.pause(1000);
        continue;
      }
      this.oldestWaiting = records[0].receivedAt;
      if (!(await this.fileAll(records))) return;
      await this.reader.filed(records[records.length - 1]);
      // What is left is counted once a batch (a listing of the spool): the next record was
      // answered at the same time as the last one filed, or later.
      const left = this.reader.backlog();
      this.oldestWaiting = left > 0 ? records[records.length - 1].receivedAt : null;
      this.afterBatch(left);
      if (this.yieldNow(left) && !this.stopping) await this.rest();
    }
  }

  /** Files every record of the batch, waiting out a database that is away; false when stopped first. */
  private async fileAll(records: SpoolRecord[]): Promise<boolean> {
    const failed = await this.fileTogether(records);
    for (let attempt = 0, todo = failed; todo.length; attempt++) {
      // One at a time, so one record the database refuses cannot fail the others with it.
      const again: SpoolRecord[] = [];
      let last: unknown;
      for (const r of todo) {
        try {
          await this.fileOne(r);
        } catch (err) {
          if (permanent(err)) await this.putAside(r, err);
          else {
            again.push(r);
            last = err;
          }
        }
      }
      todo = again;
      if (!todo.length) break;
      if (this.stopping) return false;
      const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
      this.log.warn(
        { waiting: todo.length, retryInMs: wait, err: errorText(last) },
        'spooled e-mails could not be filed yet',
      );
      await this.pause(wait);
    }
    return true;
  }

  private async fileTogether(records: SpoolRecord[]): Promise<SpoolRecord[]> {
    const outcome = await Promise.allSettled(records.map((r) => this.fileOne(r)));
    return records.filter((_, i) => outcome[i].status === 'rejected');
  }

  private async fileOne(r: SpoolRecord): Promise<void> {
    await this.ingest.accept({
      raw: r.raw,
      envelopeFrom: r.envelopeFrom,
      recipients: r.recipients,
      source: 'smtp',
      receivedAt: new Date(r.receivedAt),
    });
    this.filed++;
  }

  private async putAside(r: SpoolRecord, err: unknown): Promise<void> {
    const dir = path.join(this.spoolDir, 'set-aside');
    await mkdir(dir, { recursive: true });
    const name = `${r.segment}-${r.end}`;
    await writeFile(path.join(dir, `${name}.eml`), r.raw);
    await writeFile(
      path.join(dir, `${name}.json`),
      JSON.stringify({ envelopeFrom: r.envelopeFrom, recipients: r.recipients, receivedAt: r.receivedAt }),
    );
    this.setAside++;
    this.log.error(
      { file: `${name}.eml`, code: databaseErrorCode(err), err: errorText(err) },
      'a spooled e-mail cannot be filed; set aside in the spool folder',
    );
  }

  /** A flood's rest; new records do not end it, stopping does. */
  private rest(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.endRest = null;
        resolve();
      };
      const timer = setTimeout(done, this.floodRestMs);
      this.endRest = done;
    });
  }

  private pause(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}

/** Input the database refuses, or a row whose tenant is gone: no retry will ever store it. */
function permanent(err: unknown): boolean {
  const code = databaseErrorCode(err);
  return !!code && (refusedInput(code) || code.startsWith('23'));
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
