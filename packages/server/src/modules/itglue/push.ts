import { and, eq, isNotNull } from 'drizzle-orm';
import type { ItGluePushResult } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { companies, itglueConnections, itglueOrganizations, itgluePushes } from '../../db/schema/index.ts';
import { HttpError } from '../../platform/errors.ts';
import { ItGlueError, type ItGlueClient } from './client.ts';
import { connectionOf } from './connections.ts';
import { itglueClient, openKey } from './context.ts';
import { refreshOrganizations } from './organizations.ts';
import { notesWith, protectionSummary, tenantTime, tenantZone, traitsOf, type ProtectionSummary } from './summary.ts';

/** A whole push may take this long (rate-limit waits included). */
const PUSH_DEADLINE_MS = 10 * 60_000;

type Connection = typeof itglueConnections.$inferSelect;
type Target = { companyId: number; companyName: string; organizationId: string };
type Outcome = { assetId: string | null; configurations: number };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One flexible asset per company: the stored one updated, a new one only when there is none (or it was deleted in IT Glue). */
async function pushAsset(
  client: ItGlueClient,
  c: Connection,
  t: Target,
  traits: Record<string, string | number>,
  assetId: string | null,
): Promise<Outcome> {
  if (assetId) {
    try {
      await client.updateFlexibleAsset(assetId, traits);
      return { assetId, configurations: 0 };
    } catch (err) {
      if (!(err instanceof ItGlueError && err.status === 404)) throw err;
    }
  }
  const id = await client.createFlexibleAsset(t.organizationId, c.flexibleAssetTypeId!, traits);
  return { assetId: id, configurations: 0 };
}

/** Each of the organisation's configurations whose name or host name is a backup's device gets that device's lines. */
async function pushConfigurations(
  client: ItGlueClient,
  c: Connection,
  t: Target,
  s: ProtectionSummary,
  pushedAt: string,
): Promise<Outcome> {
  const configs = await client.configurations(t.organizationId);
  let n = 0;
  for (const cfg of configs) {
    const type = (cfg.attributes as { 'configuration-type-id'?: number })['configuration-type-id'];
    if (c.configurationTypeId && type !== undefined && type !== c.configurationTypeId) continue;
    const names = [cfg.attributes.name, cfg.attributes.hostname].filter(Boolean).map((v) => v!.trim().toLowerCase());
    const lines = s.lines.filter((l) => names.includes(l.device.trim().toLowerCase()));
    if (!lines.length) continue;
    await client.updateConfigurationNotes(cfg.id, notesWith(cfg.attributes.notes, lines, s.auditUrl, pushedAt));
    n++;
  }
  return { assetId: null, configurations: n };
}

async function record(
  deps: Deps,
  c: Connection,
  t: Target,
  status: 'Pushed' | 'Failed',
  message: string | null,
  out?: Outcome,
) {
  const values = {
    organizationId: t.organizationId,
    status,
    message,
    pushedAt: new Date(),
    ...(out ? { assetId: out.assetId, configurations: out.configurations } : {}),
  };
  await deps.database.db
    .insert(itgluePushes)
    .values({ connectionId: c.id, tenantId: c.tenantId, companyId: t.companyId, ...values })
    .onConflictDoUpdate({ target: [itgluePushes.connectionId, itgluePushes.companyId], set: values });
}

async function finish(deps: Deps, c: Connection, error: string | null) {
  await deps.database.db
    .update(itglueConnections)
    .set({ lastPushAt: new Date(), lastPushError: error })
    .where(eq(itglueConnections.id, c.id));
}

/**
 * Pushes every mapped company of a connection: the organisations are read again first (new ones
 * matched by name), then each company's summary goes to IT Glue. One company's failure is recorded
 * against it and the others still go.
 */
export async function pushConnection(deps: Deps, tenantId: number, id: number): Promise<ItGluePushResult> {
  const c = await connectionOf(deps, tenantId, id);
  const result: ItGluePushResult = { Pushed: 0, Failed: 0, Companies: [] };
  const client = itglueClient(
    deps,
    c.baseUrl,
    openKey(deps, tenantId, c.apiKey),
    AbortSignal.timeout(PUSH_DEADLINE_MS),
  );
  let fieldKeys: string[] = [];
  try {
    if (c.mode === 'FlexibleAsset' && !c.flexibleAssetTypeId)
      throw new HttpError(400, 'Choose the flexible asset type to push into');
    await refreshOrganizations(deps, tenantId, c.id, client);
    if (c.mode === 'FlexibleAsset') {
      fieldKeys = await client.flexibleAssetFieldKeys(c.flexibleAssetTypeId!);
      if (!fieldKeys.length) fieldKeys = ['name'];
    }
  } catch (err) {
    await finish(deps, c, messageOf(err));
    throw err instanceof HttpError ? err : new HttpError(400, messageOf(err));
  }
  const targets: Target[] = await deps.database.db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      organizationId: itglueOrganizations.organizationId,
    })
    .from(itglueOrganizations)
    .innerJoin(companies, eq(companies.id, itglueOrganizations.companyId))
    .where(and(eq(itglueOrganizations.connectionId, c.id), isNotNull(itglueOrganizations.companyId)))
    .orderBy(companies.name);
  const previous = await deps.database.db.select().from(itgluePushes).where(eq(itgluePushes.connectionId, c.id));
  const zone = await tenantZone(deps, tenantId);
  const pushedAt = tenantTime(new Date(), zone);
  for (const t of targets) {
    try {
      const s = await protectionSummary(deps, tenantId, t.companyId, zone);
      const out =
        c.mode === 'Configuration'
          ? await pushConfigurations(client, c, t, s, pushedAt)
          : await pushAsset(
              client,
              c,
              t,
              traitsOf(t.companyName, s, pushedAt, fieldKeys),
              previous.find((p) => p.companyId === t.companyId && p.organizationId === t.organizationId)?.assetId ??
                null,
            );
      await record(deps, c, t, 'Pushed', null, out);
      result.Pushed++;
      result.Companies.push({ CompanyId: t.companyId, CompanyName: t.companyName, Status: 'Pushed', Message: null });
    } catch (err) {
      await record(deps, c, t, 'Failed', messageOf(err));
      result.Failed++;
      result.Companies.push({
        CompanyId: t.companyId,
        CompanyName: t.companyName,
        Status: 'Failed',
        Message: messageOf(err),
      });
    }
  }
  await finish(deps, c, result.Failed ? `${result.Failed} of ${targets.length} companies could not be pushed` : null);
  return result;
}

/** The scheduled push: every enabled connection of every tenant, one after another. */
export async function pushAll(deps: Deps): Promise<void> {
  const rows = await deps.database.db
    .select({ id: itglueConnections.id, tenantId: itglueConnections.tenantId })
    .from(itglueConnections)
    .where(eq(itglueConnections.enabled, true));
  for (const r of rows) await pushConnection(deps, r.tenantId, r.id).catch(() => undefined);
}
