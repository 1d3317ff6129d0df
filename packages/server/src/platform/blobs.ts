import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
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
    if (exists) return key;
    const dir = path.dirname(target);
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.made.add(dir);
    }
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }
}
