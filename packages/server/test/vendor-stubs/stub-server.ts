import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers a vendor stub's request with a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a vendor stub on loopback; `close` also ends the connections a client keeps alive. */
export async function listenStub(server: Server, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
