import { API_KEY_USAGE_DAYS, ApiKeyMessages, MAX_API_KEYS, type ApiKeyCreated, type ApiKeyItem } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { generateApiKey } from '../../platform/auth/api-keys.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { iso } from '../../platform/dates.ts';

/** Settings → API Keys: the tenant's keys, each with who made it, when it was last used and its recent usage. */

interface KeyDbRow {
  id: number;
  name: string;
  prefix: string;
  created_at: Date | string;
  created_by: string | null;
  last_used_at: Date | string | null;
  requests: string | number;
  rows: string | number;
}

const KEY_SELECT = `
  SELECT k.id, k.name, k.prefix, k.created_at, k.last_used_at,
         NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by,
         coalesce(s.requests, 0) AS requests, coalesce(s.rows, 0) AS rows
    FROM api_keys k
    LEFT JOIN users u ON u.id = k.created_by
    LEFT JOIN LATERAL (
      SELECT sum(x.requests) AS requests, sum(x.rows) AS rows FROM api_key_usage x
       WHERE x.api_key_id = k.id AND x.day > (now() AT TIME ZONE 'UTC')::date - ${API_KEY_USAGE_DAYS}
    ) s ON true`;

const toItem = (r: KeyDbRow): ApiKeyItem => ({
  Id: r.id,
  Name: r.name,
  Prefix: r.prefix,
  CreatedAt: iso(r.created_at),
  CreatedBy: r.created_by,
  LastUsedAt: r.last_used_at === null ? null : iso(r.last_used_at),
  RecentRequests: Number(r.requests),
  RecentRows: Number(r.rows),
});

export class ApiKeyService {
  constructor(private readonly database: Database) {}

  /** Newest first: the key just made is on top. */
  async list(tenantId: number): Promise<ApiKeyItem[]> {
    const r = await this.database.query<KeyDbRow>(`${KEY_SELECT} WHERE k.tenant_id = $1 ORDER BY k.id DESC`, [
      tenantId,
    ]);
    return r.rows.map(toItem);
  }

  private async get(q: QueryFn, tenantId: number, id: number): Promise<ApiKeyItem> {
    const r = await q<KeyDbRow>(`${KEY_SELECT} WHERE k.tenant_id = $1 AND k.id = $2`, [tenantId, id]);
    if (!r.rows[0]) throw notFound();
    return toItem(r.rows[0]);
  }

  /** Makes a key and answers it in full, the only time it ever leaves the server. */
  async create(tenantId: number, userId: number, name: string): Promise<ApiKeyCreated> {
    return this.database.transaction(async (q) => {
      // One creation at a time per tenant, so the limit and the unique name hold under races.
      await q('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);
      const existing = await q<{ name: string }>('SELECT name FROM api_keys WHERE tenant_id = $1', [tenantId]);
      if (existing.rows.some((k) => k.name.toLowerCase() === name.toLowerCase())) {
        throw badRequest(ApiKeyMessages.nameTaken(name), 'Name');
      }
      if (existing.rows.length >= MAX_API_KEYS) throw badRequest(ApiKeyMessages.limitReached);
      const { key, prefix, hash } = generateApiKey();
      const r = await q<{ id: number }>(
        `INSERT INTO api_keys (tenant_id, name, prefix, key_hash, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [tenantId, name, prefix, hash, userId],
      );
      return { ...(await this.get(q, tenantId, r.rows[0].id)), Key: key };
    });
  }

  /** Deletes a key (its usage goes with it); it stops working at once. */
  async remove(tenantId: number, id: number): Promise<ApiKeyItem> {
    return this.database.transaction(async (q) => {
      const item = await this.get(q, tenantId, id);
      await q('DELETE FROM api_keys WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
      return item;
    });
  }
}
