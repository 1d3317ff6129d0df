import type { ParserRule } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import type { TenantRule } from '../parser/tenant/rule.ts';

/** How long a tenant's rules are reused before they are read again (changes on another node). */
const TTL_MS = 15_000;

/**
 * The parsers an e-mail of a tenant is tried with: the tenant's own enabled ones (oldest first),
 * then the promoted built-ins of other tenants. Read once per tenant and reused; a change made
 * through this node clears the tenant at once, other nodes see it within the TTL.
 */
export class TenantRuleCache {
  private cache = new Map<number, { at: number; rules: Promise<TenantRule[]> }>();

  constructor(private readonly database: Database) {}

  get(tenantId: number, now = Date.now()): Promise<TenantRule[]> {
    const hit = this.cache.get(tenantId);
    if (hit && now - hit.at < TTL_MS) return hit.rules;
    const rules = this.load(tenantId).catch((err: unknown) => {
      this.cache.delete(tenantId);
      throw err;
    });
    this.cache.set(tenantId, { at: now, rules });
    return rules;
  }

  /** Forget one tenant's rules, or every tenant's (a promotion changes them all). */
  invalidate(tenantId?: number): void {
    if (tenantId === undefined) this.cache.clear();
    else this.cache.delete(tenantId);
  }

  private async load(tenantId: number): Promise<TenantRule[]> {
    const rows = await this.database.query<{ id: number; name: string; vendor: string; rule: ParserRule }>(
      `SELECT id, name, vendor, rule FROM tenant_parsers
        WHERE enabled AND (tenant_id = $1 OR built_in)
        ORDER BY (tenant_id = $1) DESC, id`,
      [tenantId],
    );
    return rows.rows.map((r) => ({ id: r.id, name: r.name, vendor: r.vendor, rule: r.rule }));
  }
}
