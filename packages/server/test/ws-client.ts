import { createRequire } from 'node:module';
import type { RealtimeServerFrame } from '@vigil/contract';

/** The part of the `ws` client the tests use (the package ships without types here). */
interface WsSocket {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  on(event: 'open', fn: () => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsSocket };

/** A real WebSocket client over TCP that queues what the server sends, for API tests. */
export interface TestSocket {
  send(frame: unknown): void;
  /** The next frame, or rejects after `ms`. */
  next(ms?: number): Promise<RealtimeServerFrame>;
  /** Frames received so far and not yet taken. */
  pending: RealtimeServerFrame[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export async function openSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const pending: RealtimeServerFrame[] = [];
  let wake: (() => void) | null = null;
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => {
    pending.push(JSON.parse(data.toString()) as RealtimeServerFrame);
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return {
    pending,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () => ws.close(),
    async next(ms = 3000) {
      const deadline = Date.now() + ms;
      while (pending.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no frame within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      return pending.shift()!;
    },
  };
}

/** Opens a socket and signs it in with `token`; resolves once the server said `ready`. */
export async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const s = await openSocket(url);
  s.send({ type: 'auth', token });
  const first = await s.next();
  if (first.type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(first)}`);
  return s;
}
