import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel every node listens on. */
export const REALTIME_CHANNEL = 'vigil_realtime';

export type RealtimeListener = (payload: unknown) => void;

/**
 * Fan-out of small notifications to every server node. On PostgreSQL a notification is a
 * `pg_notify` on one channel that each node hears on a dedicated LISTEN connection (its own
 * notifications included, so a node never delivers twice). PGlite is one process: an
 * in-process emitter does the same job. Payloads stay small (ids, never whole rows), well below
 * PostgreSQL's 8000-byte limit; listeners load what they need.
 */
export interface RealtimeBus {
  start(): Promise<void>;
  publish(payload: unknown): Promise<void>;
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

export function createRealtimeBus(database: Database): RealtimeBus {
  return database.pool ? new PostgresBus(database) : new LocalBus(database);
}

/** One emitter per open PGlite database: every app instance on it in this process hears the others. */
const emitters = new WeakMap<Database, EventEmitter>();

class LocalBus implements RealtimeBus {
  private readonly emitter: EventEmitter;
  private readonly own = new Set<RealtimeListener>();
  constructor(database: Database) {
    let e = emitters.get(database);
    if (!e) emitters.set(database, (e = new EventEmitter().setMaxListeners(0)));
    this.emitter = e;
  }
  async start() {}
  async publish(payload: unknown) {
    // Asynchronous like a NOTIFY: the caller's response is not held up by the delivery.
    const copy = JSON.parse(JSON.stringify(payload)) as unknown;
    setImmediate(() => this.emitter.emit('event', copy));
  }
  subscribe(listener: RealtimeListener) {
    this.own.add(listener);
    this.emitter.on('event', listener);
    return () => {
      this.own.delete(listener);
      this.emitter.off('event', listener);
    };
  }
  async close() {
    for (const l of this.own) this.emitter.off('event', l);
    this.own.clear();
  }
}

class PostgresBus implements RealtimeBus {
  private readonly listeners = new Set<RealtimeListener>();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly database: Database) {}

  async start() {
    await this.connect(true);
  }

  private async connect(first = false): Promise<void> {
    if (this.closed) return;
    const options = (this.database.pool as unknown as { options: pg.ClientConfig }).options;
    const client = new pg.Client({ ...options });
    client.on('notification', (n) => {
      if (n.channel !== REALTIME_CHANNEL || !n.payload) return;
      let payload: unknown;
      try {
        payload = JSON.parse(n.payload);
      } catch {
        return;
      }
      for (const l of [...this.listeners]) l(payload);
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
      this.client = client;
      this.retryMs = 500;
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      // The first connection must work; later losses are retried in the background.
      if (first) throw err;
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 15_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  async publish(payload: unknown) {
    await this.database.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(payload)]);
  }

  subscribe(listener: RealtimeListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    this.listeners.clear();
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
    }
  }
}
