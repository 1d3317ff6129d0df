import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ItGlueMapping, ItGlueMappingBody } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { companies, itglueOrganizations, itgluePushes } from '../../db/schema/index.ts';
import { HttpError } from '../../platform/errors.ts';
import type { ItGlueClient } from './client.ts';

/**
 * The organisation ↔ company map of one connection. Organisations come from IT Glue; each maps to
 * at most one company and a company to at most one organisation. Unmapped organisations that no
 * user has touched are matched to the company of the same name (case and surrounding spaces
 * ignored); a user's choice, including "none", is kept through every later refresh.
 */

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Matches untouched, unmapped organisations to free companies of the same name. */
async function autoMatch(deps: Deps, tenantId: number, connectionId: number): Promise<void> {
  const db = deps.database.db;
  const orgs = await db
    .select()
    .from(itglueOrganizations)
    .where(and(eq(itglueOrganizations.connectionId, connectionId), eq(itglueOrganizations.tenantId, tenantId)));
  const taken = new Set(orgs.map((o) => o.companyId).filter((v): v is number => v !== null));
  const all = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.tenantId, tenantId));
  const byName = new Map(all.map((c) => [norm(c.name), c.id]));
  for (const o of orgs) {
    if (o.manual || o.companyId !== null) continue;
    const id = byName.get(norm(o.name));
    if (id === undefined || taken.has(id)) continue;
    taken.add(id);
    await db.update(itglueOrganizations).set({ companyId: id }).where(eq(itglueOrganizations.id, o.id));
  }
}

/** Reads the account's organisations: new ones added, renamed ones renamed, gone ones dropped; then matches. */
export async function refreshOrganizations(
  deps: Deps,
  tenantId: number,
  connectionId: number,
  client: ItGlueClient,
): Promise<void> {
  const remote = await client.organizations();
  const db = deps.database.db;
  const ids = remote.map((r) => String(r.id));
  await db.transaction(async (tx) => {
    for (const r of remote) {
      await tx
        .insert(itglueOrganizations)
        .values({ connectionId, tenantId, organizationId: String(r.id), name: r.attributes.name ?? String(r.id) })
        .onConflictDoUpdate({
          target: [itglueOrganizations.connectionId, itglueOrganizations.organizationId],
          set: { name: sql`excluded.name` },
        });
    }
    const gone = (
      await tx
        .select({ id: itglueOrganizations.id, org: itglueOrganizations.organizationId })
        .from(itglueOrganizations)
        .where(eq(itglueOrganizations.connectionId, connectionId))
    ).filter((o) => !ids.includes(o.org));
    if (gone.length)
      await tx.delete(itglueOrganizations).where(
        inArray(
          itglueOrganizations.id,
          gone.map((g) => g.id),
        ),
      );
  });
  await autoMatch(deps, tenantId, connectionId);
}

export async function getMapping(deps: Deps, tenantId: number, connectionId: number): Promise<ItGlueMapping> {
  const db = deps.database.db;
  const orgs = await db
    .select({
      org: itglueOrganizations,
      companyName: companies.name,
      push: itgluePushes,
    })
    .from(itglueOrganizations)
    .leftJoin(companies, eq(companies.id, itglueOrganizations.companyId))
    .leftJoin(
      itgluePushes,
      and(
        eq(itgluePushes.connectionId, itglueOrganizations.connectionId),
        eq(itgluePushes.companyId, itglueOrganizations.companyId),
      ),
    )
    .where(and(eq(itglueOrganizations.connectionId, connectionId), eq(itglueOrganizations.tenantId, tenantId)))
    .orderBy(sql`lower(${itglueOrganizations.name})`, itglueOrganizations.id);
  const all = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.tenantId, tenantId))
    .orderBy(sql`lower(${companies.name})`);
  const orgOf = new Map(
    orgs.filter((o) => o.org.companyId !== null).map((o) => [o.org.companyId!, o.org.organizationId]),
  );
  return {
    Organizations: orgs.map(({ org, companyName, push }) => ({
      OrganizationId: org.organizationId,
      OrganizationName: org.name,
      CompanyId: org.companyId,
      CompanyName: companyName,
      Auto: org.companyId !== null && !org.manual,
      LastPush: push
        ? {
            Status: push.status as 'Pushed' | 'Failed',
            Message: push.message,
            PushedAt: push.pushedAt.toISOString(),
            AssetId: push.assetId,
            Configurations: push.configurations,
          }
        : null,
    })),
    Companies: all.map((c) => ({ Id: c.id, Name: c.name, OrganizationId: orgOf.get(c.id) ?? null })),
  };
}

/**
 * Sets organisations' companies (null unmaps). A company may hold one organisation: giving it to
 * another one moves it. Every organisation and company named must be the connection's and the tenant's.
 */
export async function putMapping(
  deps: Deps,
  tenantId: number,
  connectionId: number,
  body: ItGlueMappingBody,
): Promise<ItGlueMapping> {
  const db = deps.database.db;
  const orgs = await db
    .select()
    .from(itglueOrganizations)
    .where(and(eq(itglueOrganizations.connectionId, connectionId), eq(itglueOrganizations.tenantId, tenantId)));
  const known = new Map(orgs.map((o) => [o.organizationId, o]));
  const wanted = [...new Set(body.Mappings.map((m) => m.CompanyId).filter((v): v is number => v !== null))];
  const found = wanted.length
    ? await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.tenantId, tenantId), inArray(companies.id, wanted)))
    : [];
  const errors: { Field: string; Message: string }[] = [];
  const seen = new Set<number>();
  body.Mappings.forEach((m, i) => {
    if (!known.has(m.OrganizationId))
      errors.push({ Field: `Mappings.${i}.OrganizationId`, Message: 'No such IT Glue organisation' });
    if (m.CompanyId === null) return;
    if (!found.some((f) => f.id === m.CompanyId))
      errors.push({ Field: `Mappings.${i}.CompanyId`, Message: 'No such company' });
    else if (seen.has(m.CompanyId))
      errors.push({ Field: `Mappings.${i}.CompanyId`, Message: 'A company maps to one organisation only' });
    seen.add(m.CompanyId);
  });
  if (errors.length) throw new HttpError(400, errors[0].Message, errors);
  await db.transaction(async (tx) => {
    for (const m of body.Mappings) {
      if (m.CompanyId !== null)
        await tx
          .update(itglueOrganizations)
          .set({ companyId: null, manual: true })
          .where(
            and(
              eq(itglueOrganizations.connectionId, connectionId),
              eq(itglueOrganizations.companyId, m.CompanyId),
              sql`${itglueOrganizations.organizationId} <> ${m.OrganizationId}`,
            ),
          );
      await tx
        .update(itglueOrganizations)
        .set({ companyId: m.CompanyId, manual: true })
        .where(
          and(
            eq(itglueOrganizations.connectionId, connectionId),
            eq(itglueOrganizations.organizationId, m.OrganizationId),
          ),
        );
    }
  });
  return getMapping(deps, tenantId, connectionId);
}
