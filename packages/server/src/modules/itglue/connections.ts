import { and, eq, sql } from 'drizzle-orm';
import {
  ITGLUE_MODES,
  ITGLUE_REGIONS,
  ITGLUE_TRAITS,
  ItGlueSourceBody,
  type ItGlueSettingsOptions,
  type ItGlueSourceRow,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { itglueConnections, itglueOrganizations } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { outboundPolicy, urlProblem } from '../../platform/outbound.ts';
import { asFormError, itglueClient, openKey, sealContext, VALIDATE_DEADLINE_MS } from './context.ts';
import { refreshOrganizations } from './organizations.ts';

type Connection = typeof itglueConnections.$inferSelect;

const regionUrl = (region: string) => ITGLUE_REGIONS.find((r) => r.Id === region)?.BaseUrl ?? ITGLUE_REGIONS[0].BaseUrl;

function present(c: Connection, counts: { mapped: number; total: number }): ItGlueSourceRow {
  return {
    Id: c.id,
    Name: c.name,
    Region: c.region as ItGlueSourceRow['Region'],
    BaseUrl: c.baseUrl,
    ApiKey: null,
    HasApiKey: Boolean(c.apiKey),
    Mode: c.mode as ItGlueSourceRow['Mode'],
    FlexibleAssetTypeId: c.flexibleAssetTypeId,
    ConfigurationTypeId: c.configurationTypeId,
    Enabled: c.enabled,
    LastPushAt: c.lastPushAt?.toISOString() ?? null,
    LastPushError: c.lastPushError,
    MappedCount: counts.mapped,
    OrganizationCount: counts.total,
  };
}

async function counts(deps: Deps, tenantId: number) {
  const rows = await deps.database.db
    .select({
      id: itglueOrganizations.connectionId,
      total: sql<number>`count(*)::int`,
      mapped: sql<number>`count(${itglueOrganizations.companyId})::int`,
    })
    .from(itglueOrganizations)
    .where(eq(itglueOrganizations.tenantId, tenantId))
    .groupBy(itglueOrganizations.connectionId);
  return new Map(rows.map((r) => [r.id, { mapped: r.mapped, total: r.total }]));
}

/** The tenant's connection, or 404 (another tenant's is not there). */
export async function connectionOf(deps: Deps, tenantId: number, id: number): Promise<Connection> {
  const [row] = await deps.database.db
    .select()
    .from(itglueConnections)
    .where(and(eq(itglueConnections.tenantId, tenantId), eq(itglueConnections.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function listConnections(deps: Deps, tenantId: number): Promise<ItGlueSourceRow[]> {
  const rows = await deps.database.db
    .select()
    .from(itglueConnections)
    .where(eq(itglueConnections.tenantId, tenantId))
    .orderBy(itglueConnections.name, itglueConnections.id);
  const n = await counts(deps, tenantId);
  return rows.map((r) => present(r, n.get(r.id) ?? { mapped: 0, total: 0 }));
}

export async function getConnection(deps: Deps, tenantId: number, id: number): Promise<ItGlueSourceRow> {
  const row = await connectionOf(deps, tenantId, id);
  return present(row, (await counts(deps, tenantId)).get(id) ?? { mapped: 0, total: 0 });
}

async function baseUrlOf(deps: Deps, region: string, given: string | null | undefined): Promise<string> {
  const url = given?.trim() || regionUrl(region);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new HttpError(400, 'Enter the full URL, e.g. https://api.itglue.com', [
      { Field: 'BaseUrl', Message: 'Enter the full URL, e.g. https://api.itglue.com' },
    ]);
  }
  const scheme = u.protocol === 'https:' || (u.protocol === 'http:' && deps.config.PSA_ALLOW_HTTP);
  const problem = scheme ? await urlProblem(url, outboundPolicy(deps.config)) : 'The URL must start with https://';
  if (problem) throw new HttpError(400, problem, [{ Field: 'BaseUrl', Message: problem }]);
  return url.replace(/\/+$/, '');
}

/**
 * Creates (no Id) or updates a connection. The key is checked against IT Glue first (a refused key
 * saves nothing and answers with IT Glue's reason); a chosen flexible asset type must be one of the
 * account's. A new connection reads the account's organisations and matches them by name.
 */
export async function saveConnection(deps: Deps, tenantId: number, input: unknown): Promise<ItGlueSourceRow> {
  const body = ItGlueSourceBody.parse(input);
  const existing = body.Id ? await connectionOf(deps, tenantId, body.Id) : null;
  const apiKey = body.ApiKey?.trim() || (existing ? openKey(deps, tenantId, existing.apiKey) : '');
  if (!apiKey) throw new HttpError(400, 'API key is required', [{ Field: 'ApiKey', Message: 'API key is required' }]);
  const baseUrl = await baseUrlOf(deps, body.Region, body.BaseUrl);
  const client = itglueClient(deps, baseUrl, apiKey, AbortSignal.timeout(VALIDATE_DEADLINE_MS));
  try {
    await client.validate();
    if (body.FlexibleAssetTypeId) {
      const types = await client.flexibleAssetTypes();
      if (!types.some((t) => Number(t.id) === body.FlexibleAssetTypeId)) {
        const message = 'That flexible asset type is not in this IT Glue account';
        throw new HttpError(400, message, [{ Field: 'FlexibleAssetTypeId', Message: message }]);
      }
    }
  } catch (err) {
    throw asFormError(err);
  }
  const values = {
    name: body.Name,
    region: body.Region,
    baseUrl,
    apiKey: deps.secrets.seal(apiKey, sealContext(tenantId)),
    mode: body.Mode,
    flexibleAssetTypeId: body.FlexibleAssetTypeId ?? null,
    configurationTypeId: body.ConfigurationTypeId ?? null,
    enabled: body.Enabled ?? existing?.enabled ?? true,
  };
  let id: number;
  if (existing) {
    await deps.database.db.update(itglueConnections).set(values).where(eq(itglueConnections.id, existing.id));
    id = existing.id;
  } else {
    const [row] = await deps.database.db
      .insert(itglueConnections)
      .values({ tenantId, ...values })
      .returning({ id: itglueConnections.id });
    id = row.id;
    await refreshOrganizations(deps, tenantId, id, client).catch(() => undefined);
  }
  return getConnection(deps, tenantId, id);
}

export async function removeConnection(deps: Deps, tenantId: number, id: number): Promise<void> {
  await connectionOf(deps, tenantId, id);
  await deps.database.db
    .delete(itglueConnections)
    .where(and(eq(itglueConnections.tenantId, tenantId), eq(itglueConnections.id, id)));
}

/** What the set-up form offers; with a connection, the account's own types too. */
export async function settingsOptions(deps: Deps, tenantId: number, id?: number): Promise<ItGlueSettingsOptions> {
  const out: ItGlueSettingsOptions = {
    Regions: ITGLUE_REGIONS.map((r) => ({ ...r })),
    Modes: ITGLUE_MODES,
    Traits: [...ITGLUE_TRAITS],
    FlexibleAssetTypes: [],
    ConfigurationTypes: [],
  };
  if (!id) return out;
  const c = await connectionOf(deps, tenantId, id);
  const client = itglueClient(
    deps,
    c.baseUrl,
    openKey(deps, tenantId, c.apiKey),
    AbortSignal.timeout(VALIDATE_DEADLINE_MS),
  );
  try {
    const [types, configTypes] = [await client.flexibleAssetTypes(), await client.configurationTypes()];
    const named = (rows: { id: string; attributes: { name: string } }[]) =>
      rows.map((r) => ({ Id: Number(r.id), Name: r.attributes.name })).sort((a, b) => a.Name.localeCompare(b.Name));
    out.FlexibleAssetTypes = named(types);
    out.ConfigurationTypes = named(configTypes);
  } catch (err) {
    throw asFormError(err);
  }
  return out;
}
