import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { blobMissing, BlobStore, type BlobEntry, type BlobItem } from './blobs.ts';

/**
 * Blobs as files under a directory (BLOB_STORE=file; a shared volume when several nodes run).
 * A batch costs one fsync cycle: every new blob is written to a temporary file, the files are
 * fsynced together, renamed into place, and each directory touched is fsynced once, so a crash
 * never leaves a half-written blob under its key.
 */
export class FileBlobStore extends BlobStore {
  readonly backend = 'file' as const;
  private readonly made = new Set<string>();

  constructor(readonly root: string) {
    super();
  }

  private file(key: string): string {
    return path.join(this.root, this.checkKey(key));
  }

  async putMany(items: BlobItem[]): Promise<string[]> {
    const { keys, byKey } = this.unique(items);
    const writes: { target: string; tmp: string; data: Buffer; fh?: FileHandle }[] = [];
    await Promise.all(
      [...byKey].map(async ([key, item]) => {
        const target = this.file(key);
        const present = await stat(target).then(
          (s) => s.size === item.data.length,
          () => false,
        );
        if (present) {
          // A fresh mtime tells the orphan sweep that a row for this blob may be on its way.
          const now = new Date();
          await utimes(target, now, now).catch(() => undefined);
        } else {
          writes.push({ target, tmp: `${target}.${randomBytes(6).toString('hex')}.tmp`, data: item.data });
        }
      }),
    );
    if (!writes.length) return keys;
    try {
      await Promise.all(
        writes.map(async (w) => {
          const dir = path.dirname(w.target);
          if (!this.made.has(dir)) {
            await mkdir(dir, { recursive: true });
            this.made.add(dir);
          }
          w.fh = await open(w.tmp, 'w');
          await w.fh.writeFile(w.data);
        }),
      );
      await Promise.all(writes.map((w) => w.fh!.sync()));
      await Promise.all(writes.map((w) => w.fh!.close().then(() => (w.fh = undefined))));
      await Promise.all(writes.map((w) => rename(w.tmp, w.target)));
      await Promise.all([...new Set(writes.map((w) => path.dirname(w.target)))].map(syncDir));
    } catch (err) {
      // A full disk or a failed rename leaves no half-written file behind.
      await Promise.all(
        writes.map(async (w) => {
          await w.fh?.close().catch(() => undefined);
          await unlink(w.tmp).catch(() => undefined);
        }),
      );
      throw err;
    }
    return keys;
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? blobMissing(key) : err;
    });
  }

  async stat(key: string): Promise<BlobEntry | null> {
    const s = await stat(this.file(key)).catch(() => null);
    return s?.isFile() ? { key, size: s.size, writtenMs: s.mtimeMs } : null;
  }

  async delete(key: string): Promise<boolean> {
    return unlink(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  /** Every file under kind/<xx>/ with its path and age (missing kind: none). */
  private async *files(kind: string): AsyncGenerator<{ name: string; file: string; size: number; mtimeMs: number }> {
    const base = path.join(this.root, kind);
    const dirs = await readdir(base).catch(() => [] as string[]);
    for (const dir of dirs) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      for (const name of await readdir(path.join(base, dir)).catch(() => [] as string[])) {
        const file = path.join(base, dir, name);
        const s = await stat(file).catch(() => null);
        if (s?.isFile()) yield { name, file, size: s.size, mtimeMs: s.mtimeMs };
      }
    }
  }

  async *list(kind?: string): AsyncGenerator<BlobEntry> {
    const kinds =
      kind === undefined
        ? (await readdir(this.root, { withFileTypes: true }).catch(() => []))
            .filter((d) => d.isDirectory() && /^[a-z0-9-]+$/.test(d.name))
            .map((d) => d.name)
        : [kind];
    for (const k of kinds) {
      for await (const f of this.files(k)) {
        const key = this.keyFor(k, f.name);
        if (BlobStore.parseKey(key)) yield { key, size: f.size, writtenMs: f.mtimeMs };
      }
    }
  }

  /** Deletes temporary files a crash left behind mid-write, older than `beforeMs`. */
  override async removeTempsOlderThan(kind: string, beforeMs: number): Promise<number> {
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

/** Makes the renames in a directory durable. */
async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
