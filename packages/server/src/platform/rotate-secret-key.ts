import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  keyFile,
  loadMasterKeys,
  newMasterKeyText,
  NEW_KEY_FILE,
  OLD_KEY_FILE,
  parseMasterKey,
  writeKeyFile,
} from './secret-key.ts';
import { masterKey, Secrets } from './secrets.ts';
import { resealAll, tokenSecret, unreadableMessage } from './secrets-at-rest.ts';

export interface Rotation {
  oldKeyId: string;
  newKeyId: string;
  resealed: number;
  source: 'env' | 'file';
}

/**
 * `npm run vigil -- rotate-secret-key`: a new master key, and every secret at rest sealed again under
 * it in one transaction (all or nothing). With a key file, the old key stays as `secret.key.old` and the
 * new one waits as `secret.key.new` until the transaction commits; a server started after an
 * interruption reads under both and settles on `secret.key`. With `VIGIL_SECRET_KEY`, the new key
 * comes from `VIGIL_NEW_SECRET_KEY` and the operator sets it as `VIGIL_SECRET_KEY` afterwards.
 * Run it with the servers stopped.
 */
export async function rotateSecretKey(
  config: Config,
  database: Database,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Rotation> {
  const keys = loadMasterKeys(config);
  const oldFile = keyFile(config, OLD_KEY_FILE);
  const newFile = keyFile(config, NEW_KEY_FILE);
  if (keys.source === 'file' && keys.readable.length)
    throw new Error(
      `An earlier rotation did not finish (${OLD_KEY_FILE} or ${NEW_KEY_FILE} is in ${config.dataDir}). ` +
        `Start the server once, which seals every secret under ${keys.file}, then delete those files and rotate again.`,
    );
  if (keys.source === 'env' && !env.VIGIL_NEW_SECRET_KEY)
    throw new Error(
      'The master key comes from VIGIL_SECRET_KEY: put the new key in VIGIL_NEW_SECRET_KEY ' +
        '(for example `openssl rand -base64 32`), run the rotation, then set VIGIL_SECRET_KEY to it.',
    );
  const newText = env.VIGIL_NEW_SECRET_KEY ?? newMasterKeyText();
  const next = masterKey(parseMasterKey(newText));
  if (next.id === keys.current.id) throw new Error('The new master key is the key already in use.');

  const current = new Secrets({ current: keys.current });
  const signingSecret = await tokenSecret(config, database, current, keys);
  const from = current.withLegacy(signingSecret);
  const to = new Secrets({ current: next });

  if (keys.source === 'file') {
    writeKeyFile(oldFile, readFileSync(keys.file, 'utf8').trim());
    writeKeyFile(newFile, newText);
  }
  let resealed: number;
  try {
    resealed = await database.transaction(async (query) => {
      const report = await resealAll(query, from, to);
      if (report.unreadable.length) throw new Error(`${unreadableMessage(report, keys)} Nothing was changed.`);
      return report.resealed;
    });
  } catch (err) {
    if (keys.source === 'file') for (const f of [newFile, oldFile]) rmSync(f, { force: true });
    throw err;
  }
  if (keys.source === 'file') {
    renameSync(newFile, keys.file);
    if (existsSync(oldFile)) rmSync(oldFile);
  }
  return { oldKeyId: keys.current.id, newKeyId: next.id, resealed, source: keys.source };
}
