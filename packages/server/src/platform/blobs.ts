import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';

/**
 * Content-addressed blob store on a directory (shared storage when several nodes run). A put
 * is durable when it returns: the bytes are written to a temporary file, fsynced, then renamed
 * into place, so a crash never leaves a half-written blob under its key.
 */
export class BlobStore {
  private readonly made = new Set<string>();

  constructor(readonly root: string) {}

  static hash(data: Buffer): string {
    return createHash('sha256').update(data).digest('hex');
  }

  keyFor(kind: string, hash: string): string {
    return `${kind}/${hash.slice(0, 2)}/${hash}`;
  }

  private file(key: string): string {
    if (!/^[a-z0-9-]+\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) throw new Error(`Bad blob key ${key}`);
    return path.join(this.root, key);
  }

  /** Stores `data` under kind/<sha256>; a blob already present is kept as it is. */
  async put(kind: string, data: Buffer, hash = BlobStore.hash(data)): Promise<string> {
    const key = this.keyFor(kind, hash);
    const target = this.file(key);
    const exists = await stat(target).then(
      (s) => s.size === data.length,
      () => false,
    );
    if (exists) {
      // A fresh mtime tells the orphan sweep that a row for this blob may be on its way.
      const now = new Date();
      await utimes(target, now, now).catch(() => undefined);
      return key;
    }
    const dir = path.dirname(target);
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.made.add(dir);
    }
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, target);
    } catch (err) {
      // A full disk or a failed rename leaves no half-written file behind.
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  /** Deletes a blob; false when it was not there. */
  async remove(key: string): Promise<boolean> {
    return unlink(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  /** Every file under kind/<xx>/ with its path and age (missing kind: none). */
  private async *files(kind: string): AsyncGenerator<{ name: string; file: string; mtimeMs: number }> {
    const base = path.join(this.root, kind);
    const dirs = await readdir(base).catch(() => [] as string[]);
    for (const dir of dirs) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      for (const name of await readdir(path.join(base, dir)).catch(() => [] as string[])) {
        const file = path.join(base, dir, name);
        const s = await stat(file).catch(() => null);
        if (s?.isFile()) yield { name, file, mtimeMs: s.mtimeMs };
      }
    }
  }

  /** Keys of the blobs of one kind last written before `beforeMs` (epoch ms). */
  async listOlderThan(kind: string, beforeMs: number): Promise<string[]> {
    const keys: string[] = [];
    for await (const f of this.files(kind)) {
      if (f.mtimeMs < beforeMs && /^[0-9a-f]{64}$/.test(f.name)) keys.push(this.keyFor(kind, f.name));
    }
    return keys;
  }

  /** Deletes temporary files a crash left behind mid-write, older than `beforeMs`. */
  async removeTempsOlderThan(kind: string, beforeMs: number): Promise<number> {
    let removed = 0;
    for await (const f of this.files(kind)) {
      if (
        f.mtimeMs < beforeMs &&
        f.name.endsWith('.tmp') &&
        (await unlink(f.file).then(
          () => true,
          () => false,
        ))
      )
        removed++;
    }
    return removed;
  }
}
