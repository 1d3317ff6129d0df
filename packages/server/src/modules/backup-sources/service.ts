import {
  BACKUP_SOURCES,
  type BackupIntegrationCard,
  type BackupSourceBody,
  type BackupSourceCompany,
  type BackupSourceDescriptor,
  type BackupSourceRow,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { vendorContext, VALIDATE_DEADLINE_MS } from './context.ts';
import { openCredentials, resolveCredentials, sealCredentials } from './credentials.ts';
import { descriptorFor, findSource, listSources, presentSource, usableTypes } from './source-rows.ts';
import { connectorFor } from './vendors/index.ts';
import { VendorError } from './vendors/types.ts';

/** Backup-vendor API sources: list, read, link (create or update after the vendor accepts), delete. */

type SourceDeps = Pick<Deps, 'database' | 'secrets' | 'config'>;

export async function listOfType(deps: SourceDeps, tenantId: number, type: string): Promise<BackupSourceRow[]> {
  const d = await descriptorFor(deps, tenantId, type);
  return (await listSources(deps, tenantId, d.Type)).map((r) => presentSource(deps, r));
}

export async function listAll(deps: SourceDeps, tenantId: number): Promise<BackupSourceRow[]> {
  const usable = await usableTypes(deps, tenantId);
  return (await listSources(deps, tenantId, null))
    .filter((r) => usable.includes(r.type))
    .map((r) => presentSource(deps, r));
}

export async function getSource(
  deps: SourceDeps,
  tenantId: number,
  type: string,
  id: number,
): Promise<BackupSourceRow> {
  const d = await descriptorFor(deps, tenantId, type);
  const row = await findSource(deps, tenantId, id, d.Type);
  if (!row) throw notFound();
  return presentSource(deps, row);
}

/** One card per vendor the tenant may use, with how many sources it has and how many are unhealthy. */
export async function integrationCards(deps: SourceDeps, tenantId: number): Promise<BackupIntegrationCard[]> {
  const counts = await deps.database.query<{ type: string; total: string | number; unhealthy: string | number }>(
    `SELECT type, count(*) AS total, count(*) FILTER (WHERE health = 'Unhealthy') AS unhealthy
       FROM backup_sources WHERE tenant_id = $1 GROUP BY type`,
    [tenantId],
  );
  const byType = new Map(counts.rows.map((c) => [c.type, c]));
  return (await usableTypes(deps, tenantId)).map((t) => ({
    Descriptor: BACKUP_SOURCES[t],
    SourceCount: Number(byType.get(t)?.total ?? 0),
    UnhealthyCount: Number(byType.get(t)?.unhealthy ?? 0),
  }));
}

/** Asks the vendor whether it accepts the credentials; its refusal becomes a 400 with its reason. */
async function validateWithVendor(
  deps: SourceDeps,
  descriptor: BackupSourceDescriptor,
  credentials: Record<string, string>,
  region: string | null,
): Promise<void> {
  const connector = connectorFor(descriptor.Type);
  if (!connector) throw notFound();
  const ctx = vendorContext(deps, descriptor.Type, AbortSignal.timeout(VALIDATE_DEADLINE_MS));
  try {
    await connector.validate(ctx, { credentials, region });
  } catch (err) {
    if (err instanceof VendorError) throw new HttpError(400, err.message);
    throw err;
  }
}

function regionOf(descriptor: BackupSourceDescriptor, given: string | null | undefined): string | null {
  if (!descriptor.Regions?.length) return given?.trim() || null;
  const region = given?.trim() || descriptor.Regions[0].Id;
  if (!descriptor.Regions.some((r) => r.Id === region)) {
    throw new HttpError(400, 'Choose one of the listed regions', [
      { Field: 'Region', Message: 'Choose one of the listed regions' },
    ]);
  }
  return region;
}

/** Creates a source, or updates the one named by `Id`; the vendor checks the credentials first. */
export async function saveSource(
  deps: SourceDeps,
  tenantId: number,
  type: string,
  body: BackupSourceBody,
): Promise<BackupSourceRow> {
  const descriptor = await descriptorFor(deps, tenantId, type);
  const existing = body.Id ? await findSource(deps, tenantId, body.Id, descriptor.Type) : null;
  if (body.Id && !existing) throw notFound();
  const stored = existing ? openCredentials(deps.secrets, tenantId, existing.credentials) : null;
  const credentials = await resolveCredentials(descriptor, body.Credentials, stored, deps.config);
  const region = regionOf(descriptor, body.Region);
  await validateWithVendor(deps, descriptor, credentials, region);
  const sealed = sealCredentials(deps.secrets, tenantId, credentials);
  const interval = body.IntervalMinutes ?? existing?.interval_minutes ?? descriptor.DefaultIntervalMinutes;
  const enabled = body.Enabled ?? existing?.enabled ?? true;
  let id: number;
  if (existing) {
    await deps.database.query(
      `UPDATE backup_sources SET name = $3, region = $4, credentials = $5, enabled = $6, interval_minutes = $7,
         updated_at = now() WHERE id = $1 AND tenant_id = $2`,
      [existing.id, tenantId, body.Name, region, sealed, enabled, interval],
    );
    id = existing.id;
  } else {
    const r = await deps.database.query<{ id: number }>(
      `INSERT INTO backup_sources (tenant_id, type, name, region, credentials, enabled, interval_minutes)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [tenantId, descriptor.Type, body.Name, region, sealed, enabled, interval],
    );
    id = r.rows[0].id;
  }
  return presentSource(deps, (await findSource(deps, tenantId, id))!);
}

export async function removeSource(
  deps: SourceDeps,
  tenantId: number,
  type: string,
  id: number,
): Promise<{ Message: string }> {
  const descriptor = await descriptorFor(deps, tenantId, type);
  const r = await deps.database.query('DELETE FROM backup_sources WHERE id = $1 AND tenant_id = $2 AND type = $3', [
    id,
    tenantId,
    descriptor.Type,
  ]);
  if (!r.rowCount) throw notFound();
  return { Message: 'Source deleted' };
}

/** The vendor's customers a source has seen, each with the company its client id maps to. */
export async function sourceCompanies(
  deps: SourceDeps,
  tenantId: number,
  type: string,
  id: number,
): Promise<BackupSourceCompany[]> {
  const descriptor = await descriptorFor(deps, tenantId, type);
  if (!(await findSource(deps, tenantId, id, descriptor.Type))) throw notFound();
  const r = await deps.database.query<{
    external_id: string;
    name: string;
    company_id: number | null;
    company_name: string | null;
    backup_count: string | number;
  }>(
    `SELECT c.external_id, c.name, co.id AS company_id, co.name AS company_name,
            (SELECT count(*) FROM backups b WHERE b.tenant_id = c.tenant_id AND b.source_id = c.source_id
               AND b.state <> 'Merged' AND lower(b.vendor_client_id) = lower(c.external_id)) AS backup_count
       FROM backup_source_customers c
       LEFT JOIN client_mappings m ON m.tenant_id = c.tenant_id AND m.kind = 'Vendor'
                                  AND lower(m.client_id) = lower(btrim(c.external_id))
       LEFT JOIN companies co ON co.id = m.company_id
      WHERE c.source_id = $1 AND c.tenant_id = $2
      ORDER BY lower(c.name), c.external_id`,
    [id, tenantId],
  );
  return r.rows.map((c) => ({
    ExternalId: c.external_id,
    ExternalName: c.name,
    CompanyId: c.company_id,
    CompanyName: c.company_name,
    BackupCount: Number(c.backup_count),
  }));
}
