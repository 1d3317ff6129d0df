import PgBoss from 'pg-boss';
import { withStartupLock, type Database } from '../db/client.ts';
import { recordError } from './error-log.ts';

export type JobHandler = (data: unknown) => Promise<void>;

/** A job: its queue name, an optional cron schedule, and what it does. */
export interface JobDefinition {
  name: string;
  cron?: string;
  /**
   * Queued every this many seconds by each working process, for schedules finer than cron's
   * minute. One job per period across processes (pg-boss singleton), so a cluster does not pile up.
   */
  everySeconds?: number;
  handler?: JobHandler;
  /** Handles a whole fetched batch at once (and must not throw for one bad item). */
  batchHandler?: (data: unknown[]) => Promise<void>;
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss on either database. On PGlite it runs through an executeSql adapter over the one
 * embedded connection (PGlite serialises statements itself); on PostgreSQL it gets its own pool.
 */
export class Jobs {
  readonly boss: PgBoss;
  private started = false;
  private readonly workers = new Map<string, string[]>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly database: Database,
    databaseUrl?: string,
  ) {
    const common = { schema: 'pgboss', supervise: true, schedule: true, migrate: true } as const;
    if (database.kind === 'postgres' && databaseUrl) {
      this.boss = new PgBoss({ ...common, connectionString: databaseUrl, max: 4 });
    } else {
      const adapter = {
        async executeSql(text: string, values?: unknown[]) {
          if (values && values.length) return database.query(text, values);
          const results = await database.pglite!.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        },
      };
      this.boss = new PgBoss({ ...common, db: adapter });
    }
    this.boss.on('error', (err) => {
      // Surfacing here keeps a transient queue error from crashing the process.
      console.error('[jobs]', err instanceof Error ? err.message : err);
    });
  }

  async start(definitions: JobDefinition[], work = true): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Nodes of a cluster starting together would deadlock creating the same queue's partition
    // table, so queues and schedules are created one process at a time, and only when missing.
    await withStartupLock(this.database, async () => {
      const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
      for (const def of definitions) {
        if (!existing.has(def.name)) await this.boss.createQueue(def.name);
        if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    });
    for (const def of definitions) {
      if (work && def.everySeconds) this.repeat(def.name, def.everySeconds);
      if (work) {
        const options = {
          batchSize: def.batchSize ?? 1,
          pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2,
        };
        const id = await this.boss.work(def.name, options, async (jobs) => {
          try {
            if (def.batchHandler) await def.batchHandler(jobs.map((j) => j.data));
            else for (const job of jobs) await def.handler?.(job.data);
          } catch (err) {
            // A failed attempt goes to the error log; pg-boss still retries or fails the job.
            const e = err instanceof Error ? err : new Error(String(err));
            await recordError(this.database, {
              type: 'job',
              source: def.name,
              message: e.message,
              detail: [`job ${jobs.map((j) => j.id).join(', ')}`, e.stack].filter(Boolean).join('\n'),
            });
            throw err;
          }
          // A full batch means more is waiting: fetch again without the polling pause.
          if (jobs.length >= options.batchSize) this.notify(def.name);
        });
        this.workers.set(def.name, [...(this.workers.get(def.name) ?? []), id]);
      }
    }
  }

  private repeat(name: string, seconds: number): void {
    const timer = setInterval(() => {
      this.send(name, {}, { singletonKey: name, singletonSeconds: seconds }).catch((err: unknown) => {
        console.error('[jobs]', err instanceof Error ? err.message : err);
      });
    }, seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  send(name: string, data: object = {}, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  /** Queues many jobs in one statement. */
  async insert(name: string, data: object[]): Promise<void> {
    if (data.length) await this.boss.insert(data.map((d) => ({ name, data: d })));
  }

  /** Wakes this process's workers of a queue now instead of at their next poll. */
  notify(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
