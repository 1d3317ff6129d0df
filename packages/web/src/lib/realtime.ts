import { useSyncExternalStore } from 'react';
import { REALTIME_PATH, RealtimeCloseCodes, type RealtimeEvent, type RealtimeServerFrame } from '@vigil/contract';
import { api } from './session';
import { browserStorage } from './storage';
import { TabLeader, type ChannelLike } from './tabLeader';

/** Platform §4: the live connection's state as the shell shows it. */
export type RealtimeState = 'initial' | 'connected' | 'disconnected';

/** What the owning tab passes on: its state with each announcement, and every event. */
type Relay = { state: RealtimeState } | { event: RealtimeEvent };

type EventListener = (event: RealtimeEvent) => void;

const MAX_BACKOFF_MS = 30_000;

/**
 * The browser side of the real-time channel. One tab per browser holds the WebSocket (see
 * `TabLeader`) and relays each event to the others over a BroadcastChannel; every tab, owner
 * or not, hands events to its listeners and knows the connection state.
 */
class RealtimeClient {
  private state: RealtimeState = 'initial';
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<EventListener>();
  private leader: TabLeader<Relay> | null = null;
  private channel: ChannelLike | null = null;
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private users = 0;

  getState = () => this.state;

  subscribeState = (fn: () => void) => {
    this.stateListeners.add(fn);
    return () => void this.stateListeners.delete(fn);
  };

  onEvent(fn: EventListener): () => void {
    this.eventListeners.add(fn);
    return () => void this.eventListeners.delete(fn);
  }

  /** Joins the tabs of this browser; the last `release` leaves (on logout the shell unmounts). */
  acquire(): () => void {
    this.users += 1;
    if (this.users === 1) this.start();
    return () => {
      this.users -= 1;
      if (this.users === 0) this.stop();
    };
  }

  private start() {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('vigil-realtime') : null;
    this.leader = new TabLeader<Relay>(
      { storage: browserStorage(), channel: this.channel },
      {
        onLead: () => this.connect(),
        onFollow: () => this.disconnect(),
        onData: (d) => ('event' in d ? this.emit(d.event) : this.setState(d.state)),
        announceData: () => ({ state: this.state }),
      },
    );
    this.leader.start();
    window.addEventListener('pagehide', this.onPageHide);
    window.addEventListener('pageshow', this.onPageShow);
  }

  private stop() {
    window.removeEventListener('pagehide', this.onPageHide);
    window.removeEventListener('pageshow', this.onPageShow);
    this.leader?.stop();
    this.leader = null;
    this.disconnect();
    this.channel?.close();
    this.channel = null;
    this.setState('initial');
  }

  /** A closing tab hands the connection over at once. */
  private readonly onPageHide = () => this.leader?.stop();
  /** Back from the page cache: join the tabs again. */
  private readonly onPageShow = (e: PageTransitionEvent) => {
    if (!e.persisted || this.users === 0) return;
    this.stop();
    this.start();
  };

  private setState(next: RealtimeState) {
    if (next === this.state) return;
    this.state = next;
    for (const fn of [...this.stateListeners]) fn();
    this.leader?.announce();
  }

  private emit(event: RealtimeEvent) {
    for (const fn of [...this.eventListeners]) {
      try {
        fn(event);
      } catch (err) {
        console.error(err);
      }
    }
  }

  private connect() {
    if (this.socket || !this.leader?.isLeader) return;
    void (async () => {
      const auth = await api.ensureFreshToken();
      if (!this.leader?.isLeader || this.socket) return;
      if (!auth) {
        this.setState('disconnected');
        this.scheduleReconnect();
        return;
      }
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
      this.socket = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: auth.accessToken }));
      socket.onmessage = (e) => {
        let frame: RealtimeServerFrame;
        try {
          frame = JSON.parse(String(e.data)) as RealtimeServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          this.attempt = 0;
          this.setState('connected');
          return;
        }
        this.emit(frame);
        this.leader?.relay({ event: frame });
      };
      socket.onclose = (e) => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.setState('disconnected');
        // An expired token: reconnect at once with a fresh one; anything else backs off.
        if (e.code === RealtimeCloseCodes.expired) this.attempt = 0;
        this.scheduleReconnect();
      };
    })().catch((err: unknown) => {
      console.error('Real-time connection failed', err);
      this.setState('disconnected');
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect() {
    if (this.retryTimer || !this.leader?.isLeader) return;
    const wait = this.attempt === 0 ? 250 : Math.min(1000 * 2 ** (this.attempt - 1), MAX_BACKOFF_MS);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait);
  }

  private disconnect() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000);
    }
  }
}

export const realtime = new RealtimeClient();

/** The live connection's state (features §4.5), for the avatar badge. */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtime.subscribeState, realtime.getState, () => 'initial' as const);
}
