import { BACKUP_SOURCES, type BackupSourceType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../platform/errors.ts';
import { vendorContext, VALIDATE_DEADLINE_MS } from './context.ts';
import { openCredentials } from './credentials.ts';
import { connectorFor } from './vendors/index.ts';
import { VendorError } from './vendors/types.ts';

/**
 * Backup Now (features §3.4): asks the vendor of the backup's source to start a backup of its
 * asset. A backup with no source, or whose vendor cannot start backups, is refused with a 400.
 * The caller has checked that the user may see the backup.
 */
export async function runBackupNow(
  deps: Pick<Deps, 'database' | 'secrets' | 'config'>,
  tenantId: number,
  backupId: number,
): Promise<{ Message: string }> {
  const r = await deps.database.query<{
    type: BackupSourceType;
    region: string | null;
    credentials: string;
    asset_id: string | null;
    kind: 'device' | 'appliance' | null;
  }>(
    `SELECT s.type, s.region, s.credentials, b.asset_id,
            (SELECT a.kind FROM backup_source_assets a WHERE a.source_id = s.id AND a.external_id = b.asset_id
              ORDER BY a.kind DESC LIMIT 1) AS kind
       FROM backups b JOIN backup_sources s ON s.id = b.source_id
      WHERE b.id = $1 AND b.tenant_id = $2`,
    [backupId, tenantId],
  );
  const source = r.rows[0];
  if (!source)
    throw new HttpError(400, 'This backup is not read from a backup integration, so it cannot be started from here.');
  const connector = connectorFor(source.type);
  const title = BACKUP_SOURCES[source.type].Title;
  if (!connector?.runBackup) throw new HttpError(400, `${title} does not accept backup requests from Vigil.`);
  if (!source.asset_id) throw new HttpError(400, `${title} has not reported the device this backup protects yet.`);
  const credentials = openCredentials(deps.secrets, tenantId, source.credentials);
  if (!credentials) throw new HttpError(400, 'The stored credentials cannot be read any more; enter them again.');
  const ctx = vendorContext(deps, source.type, AbortSignal.timeout(VALIDATE_DEADLINE_MS));
  try {
    await connector.runBackup(
      ctx,
      { credentials, region: source.region },
      {
        externalId: source.asset_id,
        kind: source.kind ?? 'device',
      },
    );
  } catch (err) {
    if (err instanceof VendorError) throw new HttpError(400, err.message);
    throw err;
  }
  return { Message: `Backup job request sent to ${title}` };
}
