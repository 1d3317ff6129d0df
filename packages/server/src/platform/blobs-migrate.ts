import { BlobStore, type BlobItem } from './blobs.ts';

export interface BlobMigration {
  /** Blobs in the source store. */
  seen: number;
  /** Copied to the target and read back whole. */
  copied: number;
  /** Already in the target (a run that stopped half-way goes on where it was). */
  skipped: number;
  /** Not copied: bytes that do not hash to their key, in the source or as read back from the target. */
  failed: string[];
}

/** Blobs copied per batch (one putMany, one fsync cycle for files). */
const BATCH = 64;

/**
 * Copies every blob of `from` into `to`. Each blob is checked against its key's SHA-256 when
 * read from the source and again when read back from the target; a blob the target already has
 * (same key, same size) is skipped, so the command can be run again after an interruption.
 */
export async function migrateBlobs(
  from: BlobStore,
  to: BlobStore,
  progress: (done: BlobMigration) => void = () => undefined,
): Promise<BlobMigration> {
  const out: BlobMigration = { seen: 0, copied: 0, skipped: 0, failed: [] };
  let batch: { key: string; item: BlobItem }[] = [];

  const flush = async () => {
    if (!batch.length) return;
    const keys = await to.putMany(batch.map((b) => b.item));
    await Promise.all(
      batch.map(async ({ key, item }, i) => {
        const back = await to.get(keys[i]).catch(() => null);
        if (keys[i] === key && back && BlobStore.hash(back) === item.hash) out.copied++;
        else out.failed.push(key);
      }),
    );
    batch = [];
    progress(out);
  };

  for await (const entry of from.list()) {
    out.seen++;
    const target = await to.stat(entry.key);
    if (target && target.size === entry.size) {
      out.skipped++;
      continue;
    }
    const parsed = BlobStore.parseKey(entry.key)!;
    const data = await from.get(entry.key).catch(() => null);
    if (!data || BlobStore.hash(data) !== parsed.hash) {
      out.failed.push(entry.key);
      continue;
    }
    batch.push({ key: entry.key, item: { kind: parsed.kind, data, hash: parsed.hash } });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return out;
}
