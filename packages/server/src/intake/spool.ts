import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CHECKPOINT, decode, HEADER, MAGIC, segmentName, spoolSegments, type SpoolEnvelope } from './spool-format.ts';

export interface SpoolRecord extends SpoolEnvelope {
  raw: Buffer;
  segment: number;
  /** Where the record ends in its segment. */
  end: number;
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

  /**
   * How many records lie after the read position in the segments on disk (an earlier run's, when
   * a node starts): their headers are read, not their bytes.
   */
  countRecords(): number {
    let n = 0;
    const head = Buffer.alloc(HEADER);
    for (const seg of spoolSegments(this.dir)) {
      if (seg < this.segment || seg >= this.live.segment) continue;
      const file = path.join(this.dir, segmentName(seg));
      const size = safeSize(file);
      const fd = openSync(file, 'r');
      try {
        for (let at = seg === this.segment ? this.offset : 0; at + HEADER <= size; n++) {
          if (readSync(fd, head, 0, HEADER, at) < HEADER || head.readUInt32BE(0) !== MAGIC) break;
          at += HEADER + head.readUInt32BE(4) + head.readUInt32BE(8);
          if (at > size) break;
        }
      } finally {
        closeSync(fd);
      }
    }
    return n;
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
          if (d === 'end' && sealed) {
            // The zeros of a segment filled ahead that a crash left uncut: its records end here.
            this.offset = limit;
            return out;
          }
          if (d === 'bad' || d === 'end') {
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
