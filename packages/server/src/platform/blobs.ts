import { createHash } from 'node:crypto';
import type { QueryFn } from '../db/client.ts';

/** One blob of a batch; `hash` is the SHA-256 of `data` in hex when the caller has it already. */
export interface BlobItem {
  kind: string;
  data: Buffer;
  hash?: string;
}

/** A stored blob as listed: its key, size and when it was last written (epoch ms). */
export interface BlobEntry {
  key: string;
  size: number;
  writtenMs: number;
}

export type BlobBackend = 'file' | 'postgres' | 's3';

const KEY = /^([a-z0-9-]+)\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/**
 * Content-addressed blob store: raw e-mails, report documents. A blob's key is
 * `<kind>/<first two hex digits>/<sha256>`, so the same bytes are stored once. Three backends
 * (platform/blobs-*.ts): files on a directory (BLOB_STORE=file), a table of the database
 * (postgres) and S3-compatible object storage (s3). A put is durable when it returns and never
 * leaves a half-written blob under its key; putting bytes that are already stored refreshes their
 * write time, which tells the orphan sweep that a row for the blob may be on its way.
 */
export abstract class BlobStore {
  abstract readonly backend: BlobBackend;

  static hash(data: Buffer): string {
    return createHash('sha256').update(data).digest('hex');
  }

  /** The kind and hash a key is made of, or null when it is not a blob key. */
  static parseKey(key: string): { kind: string; hash: string } | null {
    const m = KEY.exec(key);
    return m && m[2] === m[3].slice(0, 2) ? { kind: m[1], hash: m[3] } : null;
  }

  keyFor(kind: string, hash: string): string {
    return `${kind}/${hash.slice(0, 2)}/${hash}`;
  }

  /** The key of an item, checked (a bad kind or hash throws before anything is written). */
  protected itemKey(item: BlobItem): string {
    const key = this.keyFor(item.kind, item.hash ?? BlobStore.hash(item.data));
    if (!BlobStore.parseKey(key)) throw new Error(`Bad blob key ${key}`);
    return key;
  }

  /** The items of a batch by key, once each (a batch may hold the same bytes twice). */
  protected unique(items: BlobItem[]): { keys: string[]; byKey: Map<string, BlobItem> } {
    const keys = items.map((i) => this.itemKey(i));
    const byKey = new Map<string, BlobItem>();
    keys.forEach((key, i) => byKey.set(key, items[i]));
    return { keys, byKey };
  }

  protected checkKey(key: string): string {
    if (!BlobStore.parseKey(key)) throw new Error(`Bad blob key ${key}`);
    return key;
  }

  /** Stores `data` under kind/<sha256> and returns its key; a blob already present is kept. */
  async put(kind: string, data: Buffer, hash?: string): Promise<string> {
    return (await this.putMany([{ kind, data, hash }]))[0];
  }

  /**
   * Stores a batch and returns the keys in the order of `items`, all durable when it resolves.
   * The PostgreSQL store writes through `query` when given, so the blobs commit in the caller's
   * transaction; the other stores ignore it.
   */
  abstract putMany(items: BlobItem[], query?: QueryFn): Promise<string[]>;

  /** The bytes of a blob; rejects with code ENOENT when it is not there. */
  abstract get(key: string): Promise<Buffer>;

  /** Size and write time of a blob, or null when it is not there. */
  abstract stat(key: string): Promise<BlobEntry | null>;

  async has(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** Deletes a blob; false when it was not there. */
  abstract delete(key: string): Promise<boolean>;

  remove(key: string): Promise<boolean> {
    return this.delete(key);
  }

  /** Every blob, of one kind or of all, in no promised order. */
  abstract list(kind?: string): AsyncIterable<BlobEntry>;

  /** Keys of the blobs of one kind last written before `beforeMs` (epoch ms). */
  async listOlderThan(kind: string, beforeMs: number): Promise<string[]> {
    const keys: string[] = [];
    for await (const b of this.list(kind)) if (b.writtenMs < beforeMs) keys.push(b.key);
    return keys;
  }

  /** Deletes what a crash left behind mid-write, older than `beforeMs` (only files can have any). */
  removeTempsOlderThan(_kind: string, _beforeMs: number): Promise<number> {
    return Promise.resolve(0);
  }

  /** Releases connections (the S3 client); the store is not used after. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The error `get` rejects with when a blob is not there. */
export function blobMissing(key: string): Error {
  return Object.assign(new Error(`Blob ${key} not found`), { code: 'ENOENT' });
}
