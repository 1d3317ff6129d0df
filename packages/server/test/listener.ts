import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP listener on 127.0.0.1 that counts connections and answers nothing (nothing should reach it). */
export interface Listener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

export async function startListener(): Promise<Listener> {
  const server: Server = createServer((socket) => {
    listener.connections++;
    socket.destroy();
  });
  const listener = {
    port: 0,
    connections: 0,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  listener.port = (server.address() as AddressInfo).port;
  return listener;
}
