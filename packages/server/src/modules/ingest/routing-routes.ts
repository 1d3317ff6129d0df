// POST /api/admin/{mailProvider}/sync-routing: re-read what Vigil's inbound doors route to.
import { z } from 'zod';
import { MailRoutingSync, Privilege } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';

const admins = { access: { privilege: Privilege.allAdmins } };
const Provider = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,40}$/i) });

/**
 * The SMTP door ("smtp") routes `<tenant>@`, `<tenant>-alerts@` and every alias of the inbound
 * domain to its tenant; the IMAP door ("imap") pulls each enabled mailbox into its tenant. A sync
 * drops the door's cached directory (tenants, aliases, banned senders) so changes apply at once,
 * and answers the routing as it now stands.
 */
export function mailRoutingRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  r.post(
    '/api/admin/:provider/sync-routing',
    { config: admins, schema: { tags: ['Admin: parsing'], params: Provider, response: { 200: MailRoutingSync } } },
    async (req) => {
      const provider = req.params.provider.toLowerCase();
      if (provider !== 'smtp' && provider !== 'imap') throw notFound('Unknown mail provider');
      deps.ingest.invalidate();
      const domain = deps.config.INBOUND_DOMAIN;
      const routes =
        provider === 'smtp'
          ? await deps.database.query<{ address: string; tenant_id: number; tenant_name: string }>(
              `SELECT a.address, t.id AS tenant_id, t.name AS tenant_name FROM tenants t
                 CROSS JOIN LATERAL (VALUES (t.slug || '@' || $1), (t.slug || '-alerts@' || $1)) AS a(address)
               UNION ALL
               SELECT l.local_part || '@' || $1, t.id, t.name FROM tenant_aliases l JOIN tenants t ON t.id = l.tenant_id
               ORDER BY 3, 1`,
              [domain],
            )
          : await deps.database.query<{ address: string; tenant_id: number; tenant_name: string }>(
              `SELECT m.email AS address, t.id AS tenant_id, t.name AS tenant_name
                 FROM mailboxes m JOIN tenants t ON t.id = m.tenant_id
                WHERE m.is_enabled ORDER BY 3, 1`,
            );
      const banned = await deps.database.query<{ n: string }>(
        'SELECT count(*) AS n FROM banned_emails WHERE provider = $1',
        [provider],
      );
      return {
        Provider: provider,
        Domain: domain,
        Routes: routes.rows.map((x) => ({ Address: x.address, TenantId: x.tenant_id, TenantName: x.tenant_name })),
        BannedSenders: Number(banned.rows[0].n),
        SyncedAt: new Date().toISOString(),
      };
    },
  );
}
