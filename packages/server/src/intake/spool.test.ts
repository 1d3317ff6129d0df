import { appendFileSync, mkdtempSync, readdirSync, rmSync, truncateSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spoolSegments, type SpoolEnvelope } from './spool-format.ts';
import { SpoolWriter } from './spool-writer.ts';
import { SpoolReader } from './spool.ts';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'vigil-spool-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const envelope = (n: number): SpoolEnvelope => ({
  envelopeFrom: `sender${n}@client.test`,
  recipients: [{ tenantId: 1, address: 'acme@inbound.localhost', plusTag: n % 2 ? 'site' : null }],
  receivedAt: 1_780_000_000_000 + n,
});
const mail = (n: number, size = 40) => Buffer.from(`Subject: ${n}\r\n\r\n${'x'.repeat(size)}\r\n`, 'latin1');

/** Everything the reader gives until it has nothing more. */
async function drain(reader: SpoolReader, maxRecords = 500, maxBytes?: number) {
  const out = [];
  for (
    let batch = await reader.next(maxRecords, maxBytes);
    batch.length;
    batch = await reader.next(maxRecords, maxBytes)
  )
    out.push(...batch);
  return out;
}

describe('the SMTP spool', () => {
  it('gives back each record as written, in order, with its envelope, and no further than reported durable', async () => {
    const dir = freshDir();
    const writer = SpoolWriter.open(dir, 1);
    const first = writer.write([0, 1, 2].map((n) => ({ envelope: envelope(n), raw: mail(n) })));
    expect(first.map((a) => a.segment)).toEqual([1, 1, 1]);
    expect(first[0].offset).toBe(0);
    expect(first[1].offset).toBeGreaterThan(first[0].offset);
    writer.write([{ envelope: envelope(3), raw: mail(3) }]);

    const reader = new SpoolReader(dir, 1);
    expect(await reader.next()).toEqual([]);
    reader.durable(1, first[2].offset);
    const two = await drain(reader);
    expect(two.map((r) => r.raw.toString('latin1'))).toEqual([mail(0), mail(1)].map((b) => b.toString('latin1')));
    expect(two[1]).toMatchObject(envelope(1));

    reader.durable(writer.position.segment, writer.position.end);
    const rest = await drain(reader);
    expect(rest.map((r) => r.envelopeFrom)).toEqual(['sender2@client.test', 'sender3@client.test']);
    expect(rest[1].end).toBe(writer.position.end);
    await writer.close();
  });

  it('starts again after the checkpoint and removes segments read to their end', async () => {
    const dir = freshDir();
    const writer = SpoolWriter.open(dir, 1, 300);
    for (let n = 0; n < 12; n++) writer.write([{ envelope: envelope(n), raw: mail(n) }]);
    expect(spoolSegments(dir).length).toBeGreaterThan(2);
    await writer.close();

    // The next run writes a newer segment; what the last run left is read whole.
    const live = spoolSegments(dir).at(-1)! + 1;
    const reader = new SpoolReader(dir, live);
    const firstFive = await drain(reader, 5).then((all) => all.slice(0, 5));
    expect(firstFive.map((r) => r.receivedAt - 1_780_000_000_000)).toEqual([0, 1, 2, 3, 4]);
    await reader.filed(firstFive[4]);
    expect(spoolSegments(dir)[0]).toBe(firstFive[4].segment);
    // What a starting node counts as left to file: the records after the checkpoint.
    expect(new SpoolReader(dir, live).countRecords()).toBe(7);

    const again = new SpoolReader(dir, live);
    const rest = await drain(again);
    expect(rest.map((r) => r.receivedAt - 1_780_000_000_000)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    await again.filed(rest.at(-1)!);
    expect(spoolSegments(dir)).toEqual([]);
    expect(await drain(new SpoolReader(dir, live))).toEqual([]);
  });

  it('passes over an incomplete record a crash left at the end of a segment, and reads the next one', async () => {
    const dir = freshDir();
    const one = SpoolWriter.open(dir, 1);
    one.write([0, 1].map((n) => ({ envelope: envelope(n), raw: mail(n) })));
    await one.close();
    const file = path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.spool'))!,
    );
    const whole = statSync(file).size;
    // A record cut short by the crash, and one whose bytes are damaged.
    appendFileSync(file, Buffer.from([0x56, 0x53, 0x50, 0x31, 0, 0, 0, 9]));
    const two = SpoolWriter.open(dir, 2);
    two.write([{ envelope: envelope(2), raw: mail(2) }]);
    await two.close();

    const warnings: string[] = [];
    const reader = new SpoolReader(dir, 3, (w) => warnings.push(w));
    const records = await drain(reader);
    expect(records.map((r) => r.envelopeFrom)).toEqual([0, 1, 2].map((n) => `sender${n}@client.test`));
    expect(warnings.join()).toMatch(/incomplete record/);

    truncateSync(file, whole - 3);
    const cut = await drain(new SpoolReader(dir, 3, () => undefined));
    expect(cut.map((r) => r.envelopeFrom)).toEqual(['sender0@client.test', 'sender2@client.test']);
  });

  it('moves on to segments filled with zeros ahead of need and cuts each finished one to its records', async () => {
    const dir = freshDir();
    const writer = SpoolWriter.open(dir, 1, 4096);
    const written: number[] = [];
    for (let n = 0; n < 40; n++) {
      written.push(...writer.write([{ envelope: envelope(n), raw: mail(n, 200) }]).map((a) => a.segment));
      // Time for the next segment to be filled ahead, as between groups under real load.
      if (n % 8 === 7) await new Promise((r) => setTimeout(r, 50));
    }
    const segments = spoolSegments(dir);
    expect(segments.length).toBeGreaterThan(3);
    const sizes = segments
      .slice(0, -1)
      .map((n) => statSync(path.join(dir, `${String(n).padStart(12, '0')}.spool`)).size);
    // Each finished segment holds its records and no zeros after them.
    for (const [i, n] of segments.slice(0, -1).entries()) {
      const records = written.filter((s) => s === n).length;
      expect(sizes[i]).toBeGreaterThanOrEqual(4096);
      expect(sizes[i]).toBeLessThan(4096 + 400);
      expect(records).toBeGreaterThan(0);
    }
    // The live segment was filled ahead: its file is the full size with zeros after the records.
    const live = path.join(dir, `${String(segments.at(-1)).padStart(12, '0')}.spool`);
    expect(writer.position.end).toBeLessThan(4096);
    expect(statSync(live).size).toBe(4096);
    await writer.close();
    expect(statSync(live).size).toBe(writer.position.end);
    const warnings: string[] = [];
    const all = await drain(new SpoolReader(dir, segments.at(-1)! + 1, (w) => warnings.push(w)));
    expect(all.map((r) => r.receivedAt - 1_780_000_000_000)).toEqual([...Array(40).keys()]);
    expect(warnings).toEqual([]);
  });

  it('reads a segment that a crash left filled ahead with zeros to its last record, without a warning', async () => {
    const dir = freshDir();
    const writer = SpoolWriter.open(dir, 1, 4096);
    // A quarter into the first segment the next one is filled ahead; then the first one fills up.
    let n = 0;
    while (writer.position.end < 1024) writer.write([{ envelope: envelope(n), raw: mail(n++) }]);
    await new Promise((r) => setTimeout(r, 100));
    while (writer.position.segment === 1) writer.write([{ envelope: envelope(n), raw: mail(n++) }]);
    writer.write([{ envelope: envelope(n), raw: mail(n++) }]);
    // No close: the live segment keeps the zeros written ahead of its records, as after a crash.
    const live = path.join(dir, `${String(writer.position.segment).padStart(12, '0')}.spool`);
    expect(statSync(live).size).toBe(4096);
    const warnings: string[] = [];
    const records = await drain(new SpoolReader(dir, writer.position.segment + 1, (w) => warnings.push(w)));
    expect(records.map((r) => r.envelopeFrom)).toEqual([...Array(n).keys()].map((k) => `sender${k}@client.test`));
    expect(warnings).toEqual([]);
    await writer.close();
  });

  it('reads a record larger than one read', async () => {
    const dir = freshDir();
    const writer = SpoolWriter.open(dir, 1);
    const big = mail(7, 3 * 1024 * 1024);
    writer.write([
      { envelope: envelope(6), raw: mail(6) },
      { envelope: envelope(7), raw: big },
      { envelope: envelope(8), raw: mail(8) },
    ]);
    const reader = new SpoolReader(dir, 1);
    reader.durable(writer.position.segment, writer.position.end);
    const records = await drain(reader, 500, 64 * 1024);
    expect(records.map((r) => r.raw.length)).toEqual([mail(6).length, big.length, mail(8).length]);
    expect(records[1].raw.equals(big)).toBe(true);
    await writer.close();
  });
});
