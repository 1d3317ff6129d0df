import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { FromSpoolThread, ToSpoolThread } from './spool-link.ts';
import { SpoolWriter } from './spool-writer.ts';

/**
 * The spool thread: appends what the SMTP thread sends, one group per fsync. Every append that
 * came in while the last group was being written is taken at once (receiveMessageOnPort) and
 * goes in the next write, so the SMTP thread keeps talking to senders while the disk works.
 */
const { dir, segment } = workerData as { dir: string; segment: number };
const writer = SpoolWriter.open(dir, segment);
const port = parentPort!;
const send = (m: FromSpoolThread) => port.postMessage(m);

port.on('message', (first: ToSpoolThread) => {
  const group = [first];
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) group.push(m.message as ToSpoolThread);
  const appends = group.filter((m) => m.type === 'append');
  if (appends.length) {
    try {
      const at = writer.write(
        appends.map((a) => ({
          envelope: a.envelope,
          raw: Buffer.from(a.raw.buffer, a.raw.byteOffset, a.raw.byteLength),
        })),
      );
      send({
        type: 'written',
        records: appends.map((a, i) => [a.id, at[i].segment, at[i].offset]),
        ...writer.position,
      });
    } catch (err) {
      send({ type: 'failed', ids: appends.map((a) => a.id), error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (group.some((m) => m.type === 'close')) {
    void writer.close().finally(() => {
      send({ type: 'closed' });
      port.close();
    });
  }
});
