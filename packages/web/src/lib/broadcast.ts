import { StorageKeys, type KeyValueStorage } from './storage';

/**
 * Cross-tab events (platform §4): theme now; filter, reload and table-update later.
 * Add a member here when a new event crosses tabs.
 */
export interface BroadcastEvents {
  theme: { mode: 'light' | 'dark' };
  filter: { key: string; value: unknown };
  reload: { scope: string };
  'table-update': { table: string };
  /** A ticket profile saved in an editor window (features §2.4). */
  'ticket-profile-created': { Id: number };
  'ticket-profile-updated': { Id: number };
  /** Branding or tenant settings changed (features §4.8): other tabs reload the tenant context. */
  'tenant-info': { tenantId: number | null };
}

export type BroadcastType = keyof BroadcastEvents;

interface Envelope {
  type: BroadcastType;
  payload: unknown;
  /** Sender id, so a tab ignores its own echo through the storage fallback. */
  from: string;
  at: number;
}

type Handler = (payload: never) => void;

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface BroadcastEnvironment {
  /** BroadcastChannel constructor; absent in old browsers, which use the `storage` event instead. */
  BroadcastChannel?: new (name: string) => ChannelLike;
  storage?: KeyValueStorage | null;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export interface Broadcast {
  post<K extends BroadcastType>(type: K, payload: BroadcastEvents[K]): void;
  subscribe<K extends BroadcastType>(type: K, handler: (payload: BroadcastEvents[K]) => void): () => void;
  close(): void;
}

/**
 * A broadcast bus between tabs of the same origin. Messages reach the other tabs only, never
 * the sender (the sender already applied the change locally).
 */
export function createBroadcast(name = 'vigil', env: BroadcastEnvironment = defaultEnvironment()): Broadcast {
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  const handlers = new Map<BroadcastType, Set<Handler>>();
  const storageKey = `${StorageKeys.broadcast}.${name}`;

  const deliver = (msg: Envelope) => {
    if (!msg || msg.from === id || !handlers.has(msg.type)) return;
    for (const h of [...(handlers.get(msg.type) ?? [])]) {
      try {
        (h as (p: unknown) => void)(msg.payload);
      } catch (err) {
        console.error(err);
      }
    }
  };

  let channel: ChannelLike | null = null;
  let detach: (() => void) | null = null;
  if (env.BroadcastChannel) {
    channel = new env.BroadcastChannel(name);
    channel.onmessage = (e) => deliver(e.data as Envelope);
  } else if (env.target) {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== storageKey || !e.newValue) return;
      try {
        deliver(JSON.parse(e.newValue) as Envelope);
      } catch {
        // not ours
      }
    };
    env.target.addEventListener('storage', onStorage);
    detach = () => env.target?.removeEventListener('storage', onStorage);
  }

  return {
    post(type, payload) {
      const msg: Envelope = { type, payload, from: id, at: Date.now() };
      if (channel) {
        channel.postMessage(msg);
        return;
      }
      if (env.storage) {
        // Writing fires `storage` in the other tabs; removing right away keeps storage clean.
        try {
          env.storage.setItem(storageKey, JSON.stringify(msg));
          env.storage.removeItem(storageKey);
        } catch {
          // storage unavailable: nothing crosses tabs
        }
      }
    },
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as Handler);
      return () => {
        set.delete(handler as Handler);
      };
    },
    close() {
      channel?.close();
      detach?.();
      handlers.clear();
    },
  };
}

function defaultEnvironment(): BroadcastEnvironment {
  if (typeof window === 'undefined') return {};
  let storage: KeyValueStorage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return {
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined,
    storage,
    target: window,
  };
}

let shared: Broadcast | null = null;
/** The app-wide bus. */
export function appBroadcast(): Broadcast {
  return (shared ??= createBroadcast());
}
