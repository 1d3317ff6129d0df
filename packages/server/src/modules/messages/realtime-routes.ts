import websocket from '@fastify/websocket';
import { REALTIME_PATH, RealtimeCloseCodes, type RealtimeEvent, type RealtimeServerFrame } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { sessionUser } from '../../platform/auth/guard.ts';
import { errorBody } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import type { RealtimeBus } from '../../platform/realtime.ts';
import { isMessageNotice, type MessageService } from './service.ts';

/** The part of a `ws` socket used here. */
interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', fn: (data: Buffer | string) => void): void;
  on(event: 'close' | 'pong', fn: () => void): void;
}

const OPEN = 1;
/** The client has this long to send its token after connecting. */
export const AUTH_TIMEOUT_MS = 5000;
const PING_MS = 30_000;
export const UPGRADE_REQUIRED = 'This address takes WebSocket connections only.';

/**
 * The real-time channel (platform §7): a WebSocket at `/api/realtime`. Browsers cannot set an
 * Authorization header on a WebSocket and a token in the URL ends up in logs, so the first
 * frame carries the access token; nothing is sent before it checks out, and the connection
 * closes when the token expires (the client reconnects with a fresh one).
 */
export async function realtimeRoutes(app: App, deps: Deps, bus: RealtimeBus, messages: MessageService) {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const live = new Set<Socket>();
  /** Sockets that answered the last ping; one that did not by the next is dropped. */
  const answered = new WeakMap<Socket, boolean>();

  const send = (s: Socket, frame: RealtimeServerFrame) => {
    if (s.readyState === OPEN) s.send(JSON.stringify(frame));
  };

  const unsubscribe = bus.subscribe((payload) => {
    if (!isMessageNotice(payload) || live.size === 0) return;
    void (async () => {
      let event: RealtimeEvent;
      if (payload.deleted) event = { type: 'MessageDeleted', id: payload.id };
      else {
        const message = await messages.get(payload.id);
        // Deleted again before we read it: the delete's own notice follows.
        if (!message) return;
        event = { type: 'MessageUpdated', message };
      }
      for (const s of live) send(s, event);
    })().catch((err: unknown) => app.log.error({ err }, 'real-time delivery failed'));
  });

  const pinger = setInterval(() => {
    for (const s of live) {
      if (answered.get(s) === false) {
        live.delete(s);
        s.terminate();
        continue;
      }
      answered.set(s, false);
      s.ping();
    }
  }, PING_MS);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    unsubscribe();
    for (const s of live) s.close(1001, 'Server shutting down');
    live.clear();
  });

  async function authenticate(token: unknown): Promise<number | null> {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const claims = await deps.tokens.verifyAccess(token);
    // The same test as the HTTP guard: a disabled user or tenant, an ended session or a token
    // issued before the user's sessions were ended does not open the channel.
    if (!claims || !(await sessionUser(deps.database, claims))) return null;
    const exp = (claims as unknown as { exp?: number }).exp;
    return typeof exp === 'number' ? exp * 1000 : Date.now() + deps.config.ACCESS_TOKEN_TTL_SECONDS * 1000;
  }

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { access: { public: true } },
    schema: { hide: true },
    // A plain HTTP request (no upgrade) is told what this address is for.
    handler: (_req, reply) => reply.status(426).header('upgrade', 'websocket').send(errorBody(426, UPGRADE_REQUIRED)),
    wsHandler: (raw) => connection(raw as unknown as Socket),
  });

  function connection(socket: Socket) {
    let state: 'waiting' | 'checking' | 'ready' = 'waiting';
    let expiry: NodeJS.Timeout | null = null;
    const refuse = () => socket.close(RealtimeCloseCodes.unauthorized, 'Unauthorized');
    const authTimer = setTimeout(() => state !== 'ready' && refuse(), AUTH_TIMEOUT_MS);

    socket.on('pong', () => answered.set(socket, true));
    socket.on('message', (data) => {
      if (state !== 'waiting') return; // the channel is one-way once signed in
      state = 'checking';
      let token: unknown;
      try {
        const frame = JSON.parse(String(data)) as { type?: unknown; token?: unknown };
        token = frame.type === 'auth' ? frame.token : undefined;
      } catch {
        token = undefined;
      }
      authenticate(token)
        .then((expiresAt) => {
          if (socket.readyState !== OPEN) return;
          if (expiresAt === null) return refuse();
          clearTimeout(authTimer);
          state = 'ready';
          live.add(socket);
          send(socket, { type: 'ready' });
          const left = Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1));
          expiry = setTimeout(() => socket.close(RealtimeCloseCodes.expired, 'Token expired'), left);
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'real-time sign-in failed');
          socket.close(1011, 'Server error');
        });
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (expiry) clearTimeout(expiry);
      live.delete(socket);
    });
  }
}
