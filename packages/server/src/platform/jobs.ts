import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export type JobHandler = (data: unknown) => Promise<void>;

/** A job: its queue name, an optional cron schedule, and what it does. */
export interface JobDefinition {
  name: string;
  cron?: string;
  handler: JobHandler;
}

/**
 * pg-boss on either database. On PGlite it runs through an executeSql adapter over the one
 * embedded connection (PGlite serialises statements itself); on PostgreSQL it gets its own pool.
 */
export class Jobs {
  readonly boss: PgBoss;
  private started = false;

  constructor(database: Database, databaseUrl?: string) {
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
    for (const def of definitions) {
      await this.boss.createQueue(def.name);
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      if (work) {
        await this.boss.work(def.name, async (jobs) => {
          for (const job of jobs) await def.handler(job.data);
        });
      }
    }
  }

  send(name: string, data: object = {}): Promise<string | null> {
    return this.boss.send(name, data);
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.started = false;
  }
}
