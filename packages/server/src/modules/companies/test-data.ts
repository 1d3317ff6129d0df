import type { TestApp } from '../../../test/harness.ts';
import { tenantSnapshot } from '../../../test/snapshot.ts';
import { csvEmail, type CsvRow } from '../audit/test-data.ts';

/** Sends a CSV backup e-mail to a tenant's plus address (tenant+tag@…), through the intake. */
export async function sendTagged(t: TestApp, tenantId: number, tag: string, rows: CsvRow[]): Promise<number> {
  const slug = (await t.database.query<{ slug: string }>('SELECT slug FROM tenants WHERE id = $1', [tenantId])).rows[0]
    .slug;
  const [accepted] = await t.deps.ingest.accept({
    raw: csvEmail(rows),
    envelopeFrom: 'exports@acme-client.test',
    recipients: [{ tenantId, address: `${slug}+${tag}@inbound.localhost`, plusTag: tag }],
    source: 'smtp',
  });
  return accepted.emailId;
}

/** A backup's company and how it was set, as the database holds it. */
export async function companyOf(
  t: TestApp,
  backupId: number,
): Promise<{ company_id: number | null; company_source: string | null }> {
  const r = await t.database.query<{ company_id: number | null; company_source: string | null }>(
    'SELECT company_id, company_source FROM backups WHERE id = $1',
    [backupId],
  );
  return r.rows[0];
}

/** Everything of a tenant, companies, rules, mappings and the activity log included: "changed nothing" means equal. */
export async function companySnapshot(t: TestApp, tenantId: number): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const table of ['companies', 'company_rules', 'client_mappings', 'user_companies', 'activity_logs']) {
    parts[table] = (
      await t.database.query(`SELECT * FROM ${table} WHERE tenant_id = $1 ORDER BY 1, 2`, [tenantId])
    ).rows;
  }
  return JSON.stringify(parts) + (await tenantSnapshot(t.database, tenantId));
}
