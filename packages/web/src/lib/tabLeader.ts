import type { KeyValueStorage } from './storage';

/**
 * Features §4.5: only one tab keeps the live connection. The owner re-announces every 4 s; the
 * others check every 6 s and take over when nothing was heard for 5 s. The owner's record in
 * storage lets a new tab see at once that someone holds the connection; the channel carries
 * the announcements and whatever the owner relays.
 */
export const LeaderTiming = { heartbeatMs: 4000, retryMs: 6000, freshnessMs: 5000 } as const;

export const OWNER_KEY = 'vigil.realtime.owner';

export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface LeaderEnvironment {
  storage: KeyValueStorage | null;
  /** A BroadcastChannel (or stand-in) shared by the tabs; null: every tab is on its own. */
  channel: ChannelLike | null;
  now?: () => number;
  /** Identifies this tab; random by default. */
  id?: string;
}

export type LeaderMessage<T> =
  | { kind: 'announce'; from: string; data?: T }
  | { kind: 'resign'; from: string }
  | { kind: 'hello'; from: string }
  | { kind: 'relay'; from: string; data: T };

export interface LeaderCallbacks<T> {
  /** This tab now owns the connection. */
  onLead(): void;
  /** This tab no longer owns it (another tab won). */
  onFollow(): void;
  /** Data the owner relayed or announced (followers only). */
  onData?(data: T): void;
  /** What the owner includes in each announcement (its connection state, say). */
  announceData?(): T | undefined;
}

interface OwnerRecord {
  id: string;
  at: number;
}

export class TabLeader<T = unknown> {
  readonly id: string;
  private leading = false;
  private lastHeard = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setInterval> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly env: LeaderEnvironment,
    private readonly callbacks: LeaderCallbacks<T>,
  ) {
    this.id = env.id ?? Math.random().toString(36).slice(2) + Date.now().toString(36);
    this.now = env.now ?? Date.now;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.env.channel) this.env.channel.onmessage = (e) => this.receive(e.data as LeaderMessage<T>);
    const owner = this.readOwner();
    if (owner && owner.id !== this.id && this.now() - owner.at < LeaderTiming.freshnessMs) {
      this.lastHeard = owner.at;
      this.send({ kind: 'hello', from: this.id });
    } else {
      this.take();
    }
    this.heartbeat = setInterval(() => this.beat(), LeaderTiming.heartbeatMs);
    this.retry = setInterval(() => this.tryTakeOver(), LeaderTiming.retryMs);
  }

  /** Leaves cleanly: a successor is told at once instead of waiting for the silence. */
  stop(): void {
    this.clearTimers();
    if (this.leading) {
      const owner = this.readOwner();
      if (owner?.id === this.id) this.env.storage?.removeItem(OWNER_KEY);
      this.send({ kind: 'resign', from: this.id });
      this.leading = false;
    }
    if (this.env.channel) this.env.channel.onmessage = null;
  }

  /** Stops without a word (a crashed or frozen tab); used by tests. */
  halt(): void {
    this.clearTimers();
    if (this.env.channel) this.env.channel.onmessage = null;
  }

  /** The owner passes something on to the other tabs. */
  relay(data: T): void {
    if (this.leading) this.send({ kind: 'relay', from: this.id, data });
  }

  /** The owner announces now (after a state change) rather than at the next heartbeat. */
  announce(): void {
    if (this.leading) this.send({ kind: 'announce', from: this.id, data: this.callbacks.announceData?.() });
  }

  private clearTimers() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearInterval(this.retry);
    this.heartbeat = this.retry = null;
  }

  private take() {
    this.writeOwner();
    if (!this.leading) {
      this.leading = true;
      this.callbacks.onLead();
    }
    this.announce();
  }

  private yieldTo(heardAt: number) {
    this.lastHeard = heardAt;
    if (this.leading) {
      this.leading = false;
      this.callbacks.onFollow();
    }
  }

  private beat() {
    if (!this.leading) return;
    const owner = this.readOwner();
    if (owner && owner.id !== this.id && this.now() - owner.at < LeaderTiming.freshnessMs && owner.id < this.id) {
      this.yieldTo(owner.at);
      return;
    }
    this.writeOwner();
    this.announce();
  }

  private tryTakeOver() {
    if (this.leading) return;
    const owner = this.readOwner();
    const seen = Math.max(this.lastHeard, owner && owner.id !== this.id ? owner.at : 0);
    if (this.now() - seen >= LeaderTiming.freshnessMs) this.take();
  }

  private receive(msg: LeaderMessage<T>) {
    if (!msg || typeof msg !== 'object' || msg.from === this.id) return;
    switch (msg.kind) {
      case 'announce':
        // Two owners (both took over at the same moment): the smaller id keeps the connection.
        if (!this.leading || msg.from < this.id) this.yieldTo(this.now());
        else this.announce();
        if (!this.leading && msg.data !== undefined) this.callbacks.onData?.(msg.data);
        break;
      case 'relay':
        if (!this.leading) this.callbacks.onData?.(msg.data);
        break;
      case 'hello':
        this.announce();
        break;
      case 'resign':
        if (!this.leading) {
          this.lastHeard = 0;
          this.tryTakeOver();
        }
        break;
    }
  }

  private send(msg: LeaderMessage<T>) {
    try {
      this.env.channel?.postMessage(msg);
    } catch {
      // a closed channel: this tab is leaving anyway
    }
  }

  private readOwner(): OwnerRecord | null {
    try {
      const raw = this.env.storage?.getItem(OWNER_KEY);
      const v = raw ? (JSON.parse(raw) as OwnerRecord) : null;
      return v && typeof v.id === 'string' && typeof v.at === 'number' ? v : null;
    } catch {
      return null;
    }
  }

  private writeOwner() {
    try {
      this.env.storage?.setItem(OWNER_KEY, JSON.stringify({ id: this.id, at: this.now() }));
    } catch {
      // storage blocked: the channel's announcements still keep one owner
    }
  }
}
