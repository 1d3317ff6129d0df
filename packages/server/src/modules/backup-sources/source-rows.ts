import {
  BACKUP_SOURCES,
  BackupSourceType,
  type BackupSourceDescriptor,
  type BackupSourceHealth,
  type BackupSourceRow,
  type BackupSourceSyncStatus,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';
import { openCredentials, presentCredentials } from './credentials.ts';
import { connectorFor } from './vendors/index.ts';
import { isoOrNull } from '../../platform/dates.ts';

/** Reading sources: the stored row, which types a tenant may use, and what a read returns. */

export interface SourceRecord {
  id: number;
  tenant_id: number;
  type: BackupSourceType;
  name: string;
  region: string | null;
  credentials: string;
  enabled: boolean;
  interval_minutes: number;
  cursor: string | null;
  last_sync_at: Date | string | null;
  last_success_at: Date | string | null;
  last_error: string | null;
  consecutive_failures: number;
  health: BackupSourceHealth;
  sync_status: BackupSourceSyncStatus;
  created_at: Date | string;
  backup_count?: number | string;
}

const SELECT = `SELECT s.*, (SELECT count(*) FROM backups b WHERE b.source_id = s.id AND b.state <> 'Merged') AS backup_count
  FROM backup_sources s`;

/** The types whose connector is built and whose flag (if any) is on for the tenant. */
export async function usableTypes(deps: Pick<Deps, 'database'>, tenantId: number): Promise<BackupSourceType[]> {
  const flags = await flagsForTenant(deps.database, tenantId);
  return BackupSourceType.options.filter((t) => {
    const d = BACKUP_SOURCES[t];
    return connectorFor(t) !== null && (!d.Flag || flags[d.Flag] === true);
  });
}

/** The descriptor of a type the tenant may use; 404 for any other `{type}`. */
export async function descriptorFor(
  deps: Pick<Deps, 'database'>,
  tenantId: number,
  type: string,
): Promise<BackupSourceDescriptor> {
  const known = BackupSourceType.safeParse(type);
  if (!known.success || !(await usableTypes(deps, tenantId)).includes(known.data)) throw notFound();
  return BACKUP_SOURCES[known.data];
}

export async function findSource(
  deps: Pick<Deps, 'database'>,
  tenantId: number,
  id: number,
  type?: string,
): Promise<SourceRecord | null> {
  const r = await deps.database.query<SourceRecord>(
    `${SELECT} WHERE s.id = $1 AND s.tenant_id = $2 AND ($3::text IS NULL OR s.type = $3)`,
    [id, tenantId, type ?? null],
  );
  return r.rows[0] ?? null;
}

export async function listSources(
  deps: Pick<Deps, 'database'>,
  tenantId: number,
  type: string | null,
): Promise<SourceRecord[]> {
  const r = await deps.database.query<SourceRecord>(
    `${SELECT} WHERE s.tenant_id = $1 AND ($2::text IS NULL OR s.type = $2) ORDER BY lower(s.name), s.id`,
    [tenantId, type],
  );
  return r.rows;
}

export function presentSource(deps: Pick<Deps, 'secrets'>, row: SourceRecord): BackupSourceRow {
  const descriptor = BACKUP_SOURCES[row.type];
  const creds = openCredentials(deps.secrets, row.tenant_id, row.credentials);
  const next = row.enabled
    ? new Date(new Date(row.last_sync_at ?? row.created_at).getTime() + row.interval_minutes * 60_000).toISOString()
    : null;
  return {
    Id: row.id,
    Type: row.type,
    Name: row.name,
    Region: row.region,
    Enabled: row.enabled,
    IntervalMinutes: row.interval_minutes,
    ...presentCredentials(descriptor, creds),
    Health: row.health,
    SyncStatus: row.sync_status,
    LastSyncAt: isoOrNull(row.last_sync_at),
    LastSuccessAt: isoOrNull(row.last_success_at),
    LastError: row.last_error,
    ConsecutiveFailures: row.consecutive_failures,
    NextSyncAt: next,
    BackupCount: Number(row.backup_count ?? 0),
    CreatedAt: isoOrNull(row.created_at)!,
  };
}
