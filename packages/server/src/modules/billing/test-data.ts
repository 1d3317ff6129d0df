import type { Database } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

/** The plan catalogue the billing tests run against (prices in cents). */
export async function insertTestPlans(database: Database) {
  const rows = await database.db
    .insert(plans)
    .values([
      { handle: 'tiny', name: 'Tiny', priceCents: 900, unitLimit: 10, sortOrder: 1, providerPriceId: 'price_tiny' },
      {
        handle: 'starter',
        name: 'Starter',
        priceCents: 4900,
        unitLimit: 100,
        sortOrder: 2,
        trialDays: 14,
        providerPriceId: 'price_starter',
      },
      {
        handle: 'professional',
        name: 'Professional',
        priceCents: 149900,
        unitLimit: 500,
        sortOrder: 3,
        providerPriceId: 'price_pro',
      },
      { handle: 'enterprise', name: 'Enterprise', priceCents: 499900, unitLimit: null, sortOrder: 4 },
      { handle: 'legacy', name: 'Legacy', priceCents: 100, unitLimit: 5, isPublic: false, sortOrder: 5 },
    ])
    .returning();
  return Object.fromEntries(rows.map((r) => [r.handle, r]));
}

/** Active backups on distinct devices: each is one active unit. */
export async function insertActiveUnits(database: Database, tenantId: number, count: number, prefix = 'unit') {
  await database.query(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, state)
     SELECT $1, 'veeam-br', $2 || '-' || g, 'Nightly', 'Active' FROM generate_series(1, $3::int) g`,
    [tenantId, prefix, count],
  );
}
