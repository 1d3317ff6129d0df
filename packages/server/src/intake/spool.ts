import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  writeSync,
  writevSync,
} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Recipient } from './service.ts';

/**
 * The SMTP spool: an append-only log of accepted e-mails on the ingest node's own disk, written
 * the way a mail server's queue is. The SMTP door appends each e-mail and answers 250 once its
 * record is fsynced; every e-mail that arrives while a write is under way goes in the next
 * write, so one fdatasync covers them all (group commit). The filer reads the log behind it and
 * files each record into the blob store and the database; a record filed twice (a crash between
 * filing and the checkpoint) is one e-mail, as the rows are deduplicated by tenant, Message-ID
 * and content.
 *
 * A record: magic, envelope length, e-mail length, CRC-32 of both (16 bytes, big-endian), then
 * the envelope as JSON, then the e-mail's bytes as received. Segment files are numbered; the
 * writer never appends to a segment an earlier run left, so a torn record can only end a segment.
 */
const MAGIC = 0x56535031;
const HEADER = 16;
/** A segment closes past this size and the next one starts. */
export const SEGMENT_BYTES = 32 * 1024 * 1024;
const CHECKPOINT = 'checkpoint';

/** What the spool keeps of an envelope beside the e-mail's bytes. */
export interface SpoolEnvelope {
  envelopeFrom: string;
  recipients: Recipient[];
  /** When the 250 went out (ms since the epoch): the e-mail's received time once filed. */
  receivedAt: number;
}

export interface SpoolRecord extends SpoolEnvelope {
  raw: Buffer;
  segment: number;
  /** Where the record ends in its segment. */
  end: number;
}

const segmentName = (n: number) => `${String(n).padStart(12, '0')}.spool`;

/** The segments in `dir`, oldest first. */
export function spoolSegments(dir: string): number[] {
  mkdirSync(dir, { recursive: true });
  return readdirSync(dir)
    .map((f) => /^(\d{12})\.spool$/.exec(f)?.[1])
    .filter((n): n is string => !!n)
    .map(Number)
    .sort((a, b) => a - b);
}

function encode(envelope: SpoolEnvelope, raw: Buffer): Buffer[] {
  const meta = Buffer.from(JSON.stringify(envelope));
  const head = Buffer.alloc(HEADER);
  head.writeUInt32BE(MAGIC, 0);
  head.writeUInt32BE(meta.length, 4);
  head.writeUInt32BE(raw.length, 8);
  head.writeUInt32BE(crc32(raw, crc32(meta)), 12);
  return [head, meta, raw];
}

type Decoded = { envelope: SpoolEnvelope; raw: Buffer; length: number } | 'short' | 'bad';

/** The record at the start of `buf`: 'short' when `buf` ends inside it, 'bad' when it is not one. */
function decode(buf: Buffer): Decoded {
  if (buf.length < HEADER) return 'short';
  if (buf.readUInt32BE(0) !== MAGIC) return 'bad';
  const metaLength = buf.readUInt32BE(4);
  const rawLength = buf.readUInt32BE(8);
  const length = HEADER + metaLength + rawLength;
  if (buf.length < length) return 'short';
  const meta = buf.subarray(HEADER, HEADER + metaLength);
  const raw = buf.subarray(HEADER + metaLength, length);
  if (crc32(raw, crc32(meta)) !== buf.readUInt32BE(12)) return 'bad';
  try {
    return { envelope: JSON.parse(meta.toString('utf8')) as SpoolEnvelope, raw: Buffer.from(raw), length };
  } catch {
    return 'bad';
  }
}

/** A record to append. */
export interface SpoolItem {
  envelope: SpoolEnvelope;
  raw: Buffer;
}

/**
 * Appends records in groups: one write and one fdatasync for every record of a group. Synchronous
 * on purpose: it runs on the spool thread, whose only work this is (libuv's thread pool is shared
 * by the whole process and busy with blob writes under load; a spool write queued behind them
 * would hold every 250). What arrives during one group's fsync makes the next group.
 */
export class SpoolWriter {
  private constructor(
    private readonly dir: string,
    private segment: number,
    private fd: number,
    private size: number,
    private readonly segmentBytes: number,
  ) {}

  /** Starts segment `segment`, which must be newer than every segment in `dir`. */
  static open(dir: string, segment: number, segmentBytes = SEGMENT_BYTES): SpoolWriter {
    return new SpoolWriter(dir, segment, SpoolWriter.create(dir, segment), 0, segmentBytes);
  }

  private static create(dir: string, segment: number): number {
    mkdirSync(dir, { recursive: true });
    const fd = openSync(path.join(dir, segmentName(segment)), 'wx');
    // The new name must survive a crash too, or the records in it would not.
    const d = openSync(dir, 'r');
    try {
      fsyncSync(d);
    } finally {
      closeSync(d);
    }
    return fd;
  }

  /** The segment being written and how far it is durable. */
  get position(): { segment: number; end: number } {
    return { segment: this.segment, end: this.size };
  }

  /**
   * Writes the records and makes them durable; returns where each one is. On a failure nothing
   * of the group counts: what reached the file is cut off again and the next group goes to a
   * fresh segment, so no acknowledged record ever follows a torn one.
   */
  write(items: SpoolItem[]): { segment: number; offset: number }[] {
    if (this.size >= this.segmentBytes) this.rotate();
    const parts = items.flatMap((i) => encode(i.envelope, i.raw));
    const total = parts.reduce((n, p) => n + p.length, 0);
    try {
      let written = writevSync(this.fd, parts);
      if (written < total) {
        const all = Buffer.concat(parts);
        while (written < total) written += writeSync(this.fd, all, written, total - written);
      }
      fdatasyncSync(this.fd);
    } catch (err) {
      try {
        ftruncateSync(this.fd, this.size);
        this.rotate();
      } catch {
        // the next group tries again
      }
      throw err;
    }
    let at = this.size;
    this.size += total;
    return items.map((_, i) => {
      const where = { segment: this.segment, offset: at };
      at += parts[3 * i].length + parts[3 * i + 1].length + parts[3 * i + 2].length;
      return where;
    });
  }

  private rotate(): void {
    const next = SpoolWriter.create(this.dir, this.segment + 1);
    closeSync(this.fd);
    this.fd = next;
    this.segment += 1;
    this.size = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * Reads the spool from its checkpoint: whole segments left by earlier runs (up to their last
 * sound record) and the live segment up to where the writer reported it durable.
 */
export class SpoolReader {
  private segment: number;
  private offset: number;
  /** The writer's segment and how far it is durable; segments before it are complete. */
  private live: { segment: number; end: number };

  constructor(
    private readonly dir: string,
    liveSegment: number,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    this.live = { segment: liveSegment, end: 0 };
    const at = readCheckpoint(dir);
    const first = spoolSegments(dir)[0] ?? liveSegment;
    [this.segment, this.offset] = at && at.segment >= first ? [at.segment, at.offset] : [first, 0];
  }

  /** The writer made `segment` durable up to `end`. */
  durable(segment: number, end: number): void {
    if (segment > this.live.segment || (segment === this.live.segment && end > this.live.end))
      this.live = { segment, end };
  }

  /** Bytes written and not yet read past (segments left and the live one). */
  backlog(): number {
    let bytes = 0;
    for (const n of spoolSegments(this.dir)) {
      if (n < this.segment) continue;
      const size = n === this.live.segment ? this.live.end : safeSize(path.join(this.dir, segmentName(n)));
      bytes += Math.max(0, size - (n === this.segment ? this.offset : 0));
    }
    return bytes;
  }

  /** Up to `maxRecords` records (and about `maxBytes`) after the read position; [] when none. */
  async next(maxRecords = 500, maxBytes = 8 * 1024 * 1024): Promise<SpoolRecord[]> {
    for (;;) {
      const sealed = this.segment < this.live.segment;
      const file = path.join(this.dir, segmentName(this.segment));
      const limit = sealed ? safeSize(file) : this.segment === this.live.segment ? this.live.end : 0;
      if (this.offset < limit) {
        const records = await this.read(file, limit, maxRecords, maxBytes, sealed);
        if (records.length) return records;
      }
      if (!sealed) return [];
      // A finished segment: on to the next one (the files between may be gone already).
      const later = spoolSegments(this.dir).find((n) => n > this.segment);
      this.segment = later === undefined ? this.live.segment : Math.min(later, this.live.segment);
      this.offset = 0;
    }
  }

  private async read(
    file: string,
    limit: number,
    maxRecords: number,
    maxBytes: number,
    sealed: boolean,
  ): Promise<SpoolRecord[]> {
    const handle = await fs.open(file, 'r');
    const out: SpoolRecord[] = [];
    try {
      let want = Math.min(limit - this.offset, maxBytes);
      for (;;) {
        const buf = Buffer.allocUnsafe(want);
        const { bytesRead } = await handle.read(buf, 0, want, this.offset);
        let at = 0;
        while (out.length < maxRecords) {
          const d = decode(buf.subarray(at, bytesRead));
          if (d === 'short') break;
          if (d === 'bad') {
            // Only a crash leaves this, and only at the end of an earlier run's segment: that
            // record never got its 250. The rest of the segment is passed over.
            if (!sealed) throw new Error(`The spool segment ${file} has a damaged record at ${this.offset + at}`);
            this.warn(`spool: ${file} ends in an incomplete record at ${this.offset + at}; passed over`);
            this.offset = limit;
            return out;
          }
          at += d.length;
          out.push({ ...d.envelope, raw: d.raw, segment: this.segment, end: this.offset + at });
        }
        if (out.length || at > 0) {
          this.offset += at;
          return out;
        }
        // A record bigger than one read: read exactly it.
        if (bytesRead >= HEADER && want < limit - this.offset) {
          want = Math.min(limit - this.offset, HEADER + buf.readUInt32BE(4) + buf.readUInt32BE(8));
          continue;
        }
        // The segment ends inside a record's header or body: a torn tail.
        if (sealed) this.warn(`spool: ${file} ends in an incomplete record at ${this.offset}; passed over`);
        this.offset = limit;
        return out;
      }
    } finally {
      await handle.close();
    }
  }

  /**
   * Records up to `record` (inclusive) are filed: the checkpoint moves past it and segments read
   * to their end are removed.
   */
  async filed(record: Pick<SpoolRecord, 'segment' | 'end'>): Promise<void> {
    const tmp = path.join(this.dir, `${CHECKPOINT}.tmp`);
    await fs.writeFile(tmp, `${record.segment} ${record.end}\n`);
    await fs.rename(tmp, path.join(this.dir, CHECKPOINT));
    for (const n of spoolSegments(this.dir)) {
      if (n > record.segment || n >= this.live.segment) break;
      const file = path.join(this.dir, segmentName(n));
      // The segment of the last record goes too when that record was its last.
      if (n === record.segment && record.end < safeSize(file)) break;
      await fs.rm(file, { force: true });
    }
  }
}

function readCheckpoint(dir: string): { segment: number; offset: number } | null {
  try {
    const [segment, offset] = readFileSync(path.join(dir, CHECKPOINT), 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(segment) && Number.isInteger(offset) ? { segment, offset } : null;
  } catch {
    return null;
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
