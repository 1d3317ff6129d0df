import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import { S3_TEST_KEY, startLocalS3, type LocalS3 } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { BlobStore } from './blobs.ts';
import { blobsCommand } from './blobs-command.ts';
import { FileBlobStore } from './blobs-file.ts';
import { PostgresBlobStore } from './blobs-postgres.ts';
import { S3BlobStore } from './blobs-s3.ts';

/**
 * The three blob stores answer alike: files on a directory, the `blobs` table of the database
 * (PGlite or PostgreSQL), and S3-compatible object storage (a local S3 server on a free port).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-blobs-'));
let database: Database;
let drop: () => Promise<void>;
let s3: LocalS3;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  await database?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  ...S3_TEST_KEY,
});

const bytes = (text: string) => Buffer.from(text, 'utf8');

interface Backend {
  name: string;
  open(): BlobStore;
  /** Leaves what a write cut off half-way leaves behind, for `key` and `data`. */
  interrupt(store: BlobStore, key: string, data: Buffer): Promise<void>;
  /**
   * Whether a cut-off write leaves nothing under the key. The local S3 server keeps what arrived
   * of a PUT cut off half-way (AWS S3 and MinIO refuse it, its SHA-256 not matching), so there
   * the store's own check on reading is what keeps the half blob out.
   */
  atomic: boolean;
  /** Makes a blob look last written `ms` ago, where the backend allows it. */
  age?(key: string, ms: number): Promise<void>;
}

const BACKENDS: Backend[] = [
  {
    name: 'file',
    atomic: true,
    open: () => new FileBlobStore(path.join(dir, 'file')),
    // A crash between writing the temporary file and renaming it.
    async interrupt(_store, key, data) {
      const file = path.join(dir, 'file', `${key}.5a5a5a5a5a5a.tmp`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data.subarray(0, data.length >> 1));
    },
    async age(key, ms) {
      const then = new Date(Date.now() - ms);
      utimesSync(path.join(dir, 'file', key), then, then);
    },
  },
  {
    name: 'postgres',
    atomic: true,
    open: () => new PostgresBlobStore(database),
    // The blob was written inside the caller's transaction, which never committed.
    async interrupt(store, _key, data) {
      await database
        .transaction(async (query) => {
          await store.putMany([{ kind: 'email', data }], query);
          throw new Error('the process died');
        })
        .catch(() => undefined);
    },
    async age(key, ms) {
      await database.query(`UPDATE blobs SET created_at = now() - $2 * interval '1 millisecond' WHERE key = $1`, [
        key,
        ms,
      ]);
    },
  },
  {
    name: 's3',
    atomic: false,
    open: () => new S3BlobStore(s3Options()),
    // The connection drops half-way through the PUT's body.
    async interrupt(_store, key, data) {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: S3_TEST_KEY,
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      const body = new Readable({ read() {} });
      body.push(data.subarray(0, data.length >> 1));
      const cut = new AbortController();
      setTimeout(() => cut.abort(), 100);
      await client
        .send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentLength: data.length }), {
          abortSignal: cut.signal,
        })
        .catch(() => undefined);
      client.destroy();
    },
  },
];

describe.each(BACKENDS)('the $name blob store', (backend) => {
  let store: BlobStore;
  beforeAll(() => {
    store = backend.open();
  });
  afterAll(() => store.close());

  it('puts, gets, tells what it has and deletes', async () => {
    const data = bytes(`a raw e-mail for ${backend.name}`);
    const key = await store.put('email', data);
    expect(key).toBe(`email/${BlobStore.hash(data).slice(0, 2)}/${BlobStore.hash(data)}`);
    expect(await store.get(key)).toEqual(data);
    expect(await store.has(key)).toBe(true);
    expect((await store.stat(key))?.size).toBe(data.length);

    expect(await store.delete(key)).toBe(true);
    expect(await store.has(key)).toBe(false);
    expect(await store.stat(key)).toBeNull();
    expect(await store.remove(key)).toBe(false);
    await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stores the same bytes once, under one key', async () => {
    const data = bytes(`the same report twice, ${backend.name}`);
    const first = await store.put('report', data);
    const second = await store.put('report', Buffer.from(data), BlobStore.hash(data));
    expect(second).toBe(first);
    const listed: string[] = [];
    for await (const b of store.list('report')) listed.push(b.key);
    expect(listed.filter((k) => k === first)).toHaveLength(1);
    await store.delete(first);
  });

  it('stores a batch at once, keys in the order given', async () => {
    const items = ['one', 'two', 'one', 'three'].map((s) => ({ kind: 'email', data: bytes(`${backend.name} ${s}`) }));
    const keys = await store.putMany(items);
    expect(keys).toHaveLength(4);
    expect(keys[2]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
    for (const [i, key] of keys.entries()) expect(await store.get(key)).toEqual(items[i].data);
    expect(await store.putMany([])).toEqual([]);
    for (const key of new Set(keys)) await store.delete(key);
  });

  it('refuses a key that is not a blob key', async () => {
    await expect(store.get('email/../../etc/passwd')).rejects.toThrow(/Bad blob key/);
    await expect(store.put('Email/..', bytes('x'))).rejects.toThrow(/Bad blob key/);
  });

  it('never leaves a half blob under its key when a write is cut off', async () => {
    const data = Buffer.alloc(256 * 1024, `${backend.name} half `);
    const key = store.keyFor('email', BlobStore.hash(data));
    await backend.interrupt(store, key, data);
    if (backend.atomic) {
      expect(await store.has(key)).toBe(false);
      await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
      const listed: string[] = [];
      for await (const b of store.list()) listed.push(b.key);
      expect(listed).not.toContain(key);
    } else {
      await expect(store.get(key)).rejects.toMatchObject({ code: 'EBADBLOB' });
    }
    // What is left over goes with the sweep, and the next put of the same bytes is whole.
    await store.removeTempsOlderThan('email', Date.now() + 1000);
    expect(await store.put('email', data)).toBe(key);
    expect(await store.get(key)).toEqual(data);
    await store.delete(key);
  });

  it('lists for the orphan sweep by kind and by age', async () => {
    const before = Date.now() - 5000;
    const mail = await store.put('email', bytes(`${backend.name} listed mail`));
    const report = await store.put('report', bytes(`${backend.name} listed report`));
    expect(await store.listOlderThan('email', before)).not.toContain(mail);
    const later = await store.listOlderThan('email', Date.now() + 60_000);
    expect(later).toContain(mail);
    expect(later).not.toContain(report);
    const all: string[] = [];
    for await (const b of store.list()) all.push(b.key);
    expect(all).toEqual(expect.arrayContaining([mail, report]));

    if (backend.age) {
      // An old blob is listed, until the same bytes are put again (a row may be on its way).
      await backend.age(mail, 3600_000);
      expect(await store.listOlderThan('email', Date.now() - 15 * 60_000)).toEqual([mail]);
      await store.put('email', bytes(`${backend.name} listed mail`));
      expect(await store.listOlderThan('email', Date.now() - 15 * 60_000)).toEqual([]);
    }
    await store.delete(mail);
    await store.delete(report);
  });
});

describe('blobs migrate', () => {
  const blobDir = path.join(dir, 'migrate');
  const config = () =>
    loadConfig({
      DATA_DIR: dir,
      BLOB_DIR: blobDir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
    });
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const code = await blobsCommand(['blobs', 'migrate', ...args], config(), database, (l) => out.push(l));
    return { code, out: out.join('\n') };
  };

  it('copies every blob between stores, checks each by its hash, and resumes where it stopped', async () => {
    const files = new FileBlobStore(blobDir);
    const data = ['first mail', 'second mail', 'a report'].map(bytes);
    const keys = [
      await files.put('email', data[0]),
      await files.put('email', data[1]),
      await files.put('report', data[2]),
    ];
    // A file whose bytes no longer match its name is not copied.
    const bad = await files.put('email', bytes('will be damaged'));
    writeFileSync(path.join(blobDir, bad), 'damaged');

    const first = await run('--from=file', '--to=postgres');
    expect(first.code).toBe(1);
    expect(first.out).toContain('Blobs: 4 in file, 3 copied, 0 already in postgres, 1 failed');
    expect(first.out).toContain(`failed: ${bad}`);
    const pg = new PostgresBlobStore(database);
    for (const [i, key] of keys.entries()) expect(await pg.get(key)).toEqual(data[i]);
    expect(await pg.has(bad)).toBe(false);

    // Run again after the damaged file is dealt with: nothing is copied twice.
    await files.delete(bad);
    const again = await run('--from=file', '--to=postgres');
    expect(again.code).toBe(0);
    expect(again.out).toContain('Blobs: 3 in file, 0 copied, 3 already in postgres, 0 failed');

    // On to S3, where one blob is already: the other two are copied.
    const bucket = new S3BlobStore(s3Options());
    await bucket.put('email', data[0]);
    const toS3 = await run('--from=postgres', '--to=s3');
    expect(toS3.out).toContain('Blobs: 3 in postgres, 2 copied, 1 already in s3, 0 failed');
    expect(toS3.code).toBe(0);
    for (const [i, key] of keys.entries()) expect(await bucket.get(key)).toEqual(data[i]);
    await bucket.close();
  });

  it('answers the usage for a store it does not know', async () => {
    const r = await run('--from=file', '--to=floppy');
    expect(r.code).toBe(2);
    expect(r.out).toContain('Usage: blobs migrate --from=file|postgres|s3 --to=file|postgres|s3');
  });
});

afterAll(() => {
  // Nothing of the file store's temporary files is left in its directory.
  const left = readdirSync(path.join(dir, 'file'), { recursive: true }).map(String);
  expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
});
