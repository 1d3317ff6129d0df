import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BlobBackend } from './blobs.ts';
import { migrateBlobs } from './blobs-migrate.ts';
import { openBlobStore } from './blobs-open.ts';

const BACKENDS: BlobBackend[] = ['file', 'postgres', 's3'];
const USAGE = 'Usage: blobs migrate --from=file|postgres|s3 --to=file|postgres|s3';

/**
 * `blobs migrate --from=<store> --to=<store>`: copies every blob from one store to the other with
 * the settings of the environment (BLOB_DIR, the database, S3_*). Prints the counts; the exit
 * code is 0 when every blob is in the target, 1 otherwise (2 for a usage error).
 */
export async function blobsCommand(
  argv: string[],
  config: Config,
  database: Database,
  print: (line: string) => void = (line) => console.log(line),
): Promise<number> {
  const positional = argv.filter((a) => !a.startsWith('--'));
  const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const from = option('from') as BlobBackend | undefined;
  const to = option('to') as BlobBackend | undefined;
  if (positional[1] !== 'migrate' || !from || !to || !BACKENDS.includes(from) || !BACKENDS.includes(to)) {
    print(USAGE);
    return 2;
  }
  if (from === to) {
    print(`  The blobs are already in ${to}.`);
    return 2;
  }
  const source = openBlobStore(config, database, from);
  const target = openBlobStore(config, database, to);
  try {
    print(`  Copying blobs from ${from} to ${to}…`);
    let shown = 0;
    const done = await migrateBlobs(source, target, (p) => {
      if (p.copied - shown < 1000) return;
      shown = p.copied;
      print(`  … ${p.copied} copied, ${p.skipped} already there`);
    });
    print(
      `  Blobs: ${done.seen} in ${from}, ${done.copied} copied, ${done.skipped} already in ${to}, ${done.failed.length} failed`,
    );
    for (const key of done.failed.slice(0, 20)) print(`    failed: ${key}`);
    if (!done.failed.length) print(`  Set BLOB_STORE=${to} and restart; nothing was removed from ${from}.`);
    return done.failed.length ? 1 : 0;
  } finally {
    await source.close();
    await target.close();
  }
}
