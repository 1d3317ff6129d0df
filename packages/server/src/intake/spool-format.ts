import { mkdirSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { Recipient } from './directory.ts';

/**
 * The SMTP spool: an append-only log of accepted e-mails on the ingest node's own disk, written
 * the way a mail server's queue is. The SMTP door appends each e-mail and answers 250 once its
 * record is fsynced (`spool-writer.ts`, `spool-flush.ts`); one fdatasync covers every record
 * written before it started (group commit). The filer reads the log behind it and
 * files each record into the blob store and the database; a record filed twice (a crash between
 * filing and the checkpoint) is one e-mail, as the rows are deduplicated by tenant, Message-ID
 * and content.
 *
 * A record: magic, envelope length, e-mail length, CRC-32 of both (16 bytes, big-endian), then
 * the envelope as JSON, then the e-mail's bytes as received. Segment files are numbered; the
 * writer never appends to a segment an earlier run left, so a torn record can only end a segment.
 * Segments after a node's first are filled with zeros before they are written (a zero where a
 * header would start ends the segment's records): writing over blocks the file already has, an
 * fdatasync flushes the data alone, with no file size or block map to commit, which takes about
 * half as long on ext4.
 */
export const MAGIC = 0x56535031;
export const HEADER = 16;
/** A segment closes past this size and the next one starts. */
export const SEGMENT_BYTES = 32 * 1024 * 1024;
export const CHECKPOINT = 'checkpoint';
/** The next segment, filled with zeros ahead of need; `.tmp` while it is being filled. */
export const PREPARED = 'next.prepared';
export const ZEROS = Buffer.alloc(1024 * 1024);

/** What the spool keeps of an envelope beside the e-mail's bytes. */
export interface SpoolEnvelope {
  envelopeFrom: string;
  recipients: Recipient[];
  /** When the 250 went out (ms since the epoch): the e-mail's received time once filed. */
  receivedAt: number;
}

export const segmentName = (n: number) => `${String(n).padStart(12, '0')}.spool`;

/** The segments in `dir`, oldest first. */
export function spoolSegments(dir: string): number[] {
  mkdirSync(dir, { recursive: true });
  return readdirSync(dir)
    .map((f) => /^(\d{12})\.spool$/.exec(f)?.[1])
    .filter((n): n is string => !!n)
    .map(Number)
    .sort((a, b) => a - b);
}

export function encode(envelope: SpoolEnvelope, raw: Buffer): Buffer[] {
  const meta = Buffer.from(JSON.stringify(envelope));
  const head = Buffer.alloc(HEADER);
  head.writeUInt32BE(MAGIC, 0);
  head.writeUInt32BE(meta.length, 4);
  head.writeUInt32BE(raw.length, 8);
  head.writeUInt32BE(crc32(raw, crc32(meta)), 12);
  return [head, meta, raw];
}

export type Decoded = { envelope: SpoolEnvelope; raw: Buffer; length: number } | 'short' | 'bad' | 'end';

/**
 * The record at the start of `buf`: 'short' when `buf` ends inside it, 'bad' when it is not one,
 * 'end' at the zeros of a segment filled ahead that no record reached.
 */
export function decode(buf: Buffer): Decoded {
  if (buf.length < HEADER) return 'short';
  if (buf.readUInt32BE(0) === 0 && buf.readUInt32BE(4) === 0) return 'end';
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
