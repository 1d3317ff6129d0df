import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
  writevSync,
} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { encode, PREPARED, SEGMENT_BYTES, segmentName, ZEROS, type SpoolItem } from './spool-format.ts';

/**
 * Appends records in groups: one write and one fdatasync for every record of a group. Synchronous
 * on purpose: it runs on the spool thread, whose only work this is (libuv's thread pool is shared
 * by the whole process and busy with blob writes under load; a spool write queued behind them
 * would hold every 250). What arrives during one group's fsync makes the next group. (Several
 * fsyncs under way together were tried: smaller groups cost more kernel time than they saved.)
 */
export class SpoolWriter {
  /** The zero-filled next segment being made ready in the background, true once it is. */
  private preparing: Promise<boolean> | null = null;
  private prepared = false;

  private constructor(
    private readonly dir: string,
    private segment: number,
    private fd: number,
    private size: number,
    private readonly segmentBytes: number,
  ) {}

  /** Starts segment `segment`, which must be newer than every segment in `dir`. */
  static open(dir: string, segment: number, segmentBytes = SEGMENT_BYTES): SpoolWriter {
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.startsWith(PREPARED)) rmSync(path.join(dir, f), { force: true });
    // The first segment is a plain file: a node that takes a few e-mails never fills one ahead.
    const fd = openSync(path.join(dir, segmentName(segment)), 'wx');
    syncDir(dir);
    return new SpoolWriter(dir, segment, fd, 0, segmentBytes);
  }

  /** Fills the next segment with zeros, off this thread (libuv's pool): it is not in a hurry. */
  private prepare(): void {
    const tmp = path.join(this.dir, `${PREPARED}.tmp`);
    const under: Promise<boolean> = (async () => {
      const handle = await fs.open(tmp, 'w');
      try {
        for (let at = 0; at < this.segmentBytes; at += ZEROS.length)
          await handle.write(ZEROS, 0, Math.min(ZEROS.length, this.segmentBytes - at), at);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, path.join(this.dir, PREPARED));
      return (this.prepared = true);
    })().catch(() => {
      // Tried again once the live segment is a quarter full.
      if (this.preparing === under) this.preparing = null;
      return false;
    });
    this.preparing = under;
  }

  /** The segment being written and where its records end. */
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
      let written = writevSync(this.fd, parts, this.size);
      if (written < total) {
        const all = Buffer.concat(parts);
        while (written < total) written += writeSync(this.fd, all, written, total - written, this.size + written);
      }
      fdatasyncSync(this.fd);
    } catch (err) {
      this.cut();
      throw err;
    }
    let at = this.size;
    this.size += total;
    // A quarter of the way through a segment, the next one starts being filled ahead.
    if (!this.preparing && this.size >= this.segmentBytes / 4) this.prepare();
    return items.map((_, i) => {
      const where = { segment: this.segment, offset: at };
      at += parts[3 * i].length + parts[3 * i + 1].length + parts[3 * i + 2].length;
      return where;
    });
  }

  /** Cuts off what a failed write left after the durable records and starts a fresh segment. */
  private cut(): void {
    try {
      ftruncateSync(this.fd, this.size);
      this.rotate();
    } catch {
      // the next group tries again
    }
  }

  /**
   * The next segment: the one filled ahead when it is ready, else a plain new file (appends to it
   * then commit its size with each fsync). The finished one is cut to its records.
   */
  private rotate(): void {
    const name = path.join(this.dir, segmentName(this.segment + 1));
    const ready = this.prepared;
    let next: number;
    if (ready) {
      renameSync(path.join(this.dir, PREPARED), name);
      next = openSync(name, 'r+');
      this.prepared = false;
      this.preparing = null;
    } else {
      // One still being filled is used at the next rotation.
      next = openSync(name, 'wx');
    }
    // The new name must survive a crash too, or the records in it would not.
    syncDir(this.dir);
    ftruncateSync(this.fd, this.size);
    closeSync(this.fd);
    this.fd = next;
    this.segment += 1;
    this.size = 0;
  }

  /** Makes the segment durable, cuts it to its records and closes it, once the segment filled ahead is done. */
  async close(): Promise<void> {
    fdatasyncSync(this.fd);
    ftruncateSync(this.fd, this.size);
    closeSync(this.fd);
    await this.preparing;
  }
}

function syncDir(dir: string): void {
  const d = openSync(dir, 'r');
  try {
    fsyncSync(d);
  } finally {
    closeSync(d);
  }
}
