import { describe, expect, it } from 'vitest';
import type { IngestService } from './service.ts';
import { SpoolFiler } from './spool-filer.ts';
import type { SpoolReader, SpoolRecord } from './spool.ts';

const record = (n: number): SpoolRecord => ({
  envelopeFrom: `sender${n}@client.test`,
  recipients: [{ tenantId: 1, address: 'acme@inbound.localhost', plusTag: null }],
  receivedAt: 1_780_000_000_000 + n,
  raw: Buffer.from(`Subject: ${n}\r\n\r\nbody\r\n`),
  segment: 1,
  end: (n + 1) * 100,
});

/** A filer over three one-record batches whose filing takes 40 ms each; when each filing began. */
async function fileThree(yieldNow: boolean, floodRestMs = 150): Promise<number[]> {
  const batches = [[record(0)], [record(1)], [record(2)]];
  const reader = {
    next: async () => batches.shift() ?? [],
    filed: async () => undefined,
    backlog: () => (batches.length ? 100 : 0),
  } as unknown as SpoolReader;
  const began: number[] = [];
  const ingest = {
    accept: async () => {
      began.push(performance.now());
      await new Promise((r) => setTimeout(r, 40));
    },
  } as unknown as IngestService;
  const log = { warn: () => undefined, error: () => undefined };
  const filer = new SpoolFiler(reader, ingest, '/nonexistent', log);
  filer.yieldNow = () => yieldNow;
  filer.floodRestMs = floodRestMs;
  filer.start();
  for (let i = 0; i < 200 && filer.filed < 3; i++) await new Promise((r) => setTimeout(r, 10));
  await filer.stop();
  expect(filer.filed).toBe(3);
  return began;
}

describe('the spool filer', () => {
  it('rests after each batch while the SMTP door takes a flood', async () => {
    const began = await fileThree(true);
    // 40 ms filing, then a rest of 150 ms before the next batch.
    expect(began[1] - began[0]).toBeGreaterThanOrEqual(185);
    expect(began[2] - began[1]).toBeGreaterThanOrEqual(185);
  });

  it('stops at once when stopped during a rest', async () => {
    const reader = {
      next: async () => [record(0)],
      filed: async () => undefined,
      backlog: () => 100,
    } as unknown as SpoolReader;
    const ingest = { accept: async () => undefined } as unknown as IngestService;
    const filer = new SpoolFiler(reader, ingest, '/nonexistent', { warn: () => undefined, error: () => undefined });
    filer.yieldNow = () => true;
    filer.start();
    for (let i = 0; i < 100 && filer.filed < 1; i++) await new Promise((r) => setTimeout(r, 5));
    const asked = performance.now();
    await filer.stop();
    // The default rest is two seconds; stopping does not wait it out.
    expect(performance.now() - asked).toBeLessThan(500);
    expect(filer.filed).toBe(1);
  });

  it('files batch after batch when the door is not flooded', async () => {
    const began = await fileThree(false);
    // No rest between batches: the three begin within their filing time and some slack, where a
    // rested run would take 320 ms.
    expect(began[2] - began[0]).toBeLessThan(began.length * 40 + 150);
  });
});
