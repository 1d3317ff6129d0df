import { z } from 'zod';
import { AdminTenantParser, FalseGreens, ParserPromoteInput, Privilege, ResultStatus } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { PARSER_SELECT, toParser, type ParserRow } from './service.ts';

const tags = ['Admin: parsing'];
const admins = { access: { privilege: Privilege.allAdmins } };
const managers = { access: { privilege: Privilege.successAdminOrHigher } };
const Id = z.object({ id: z.coerce.number().int().positive() });
/** The window of the false-green count. */
export const FALSE_GREEN_DAYS = 30;

/** Admin Portal → Parsing: every tenant's parsers, promotion to built-in, and the false-green count. */
export function parserAdminRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database, pipeline } = deps;

  r.get(
    '/api/admin/parsers',
    { config: admins, schema: { tags, response: { 200: z.array(AdminTenantParser) } } },
    async () => {
      const rows = await database.query<ParserRow & { tenant_name: string }>(
        `${PARSER_SELECT.replace(
          'FROM tenant_parsers p',
          'FROM tenant_parsers p JOIN tenants t ON t.id = p.tenant_id',
        ).replace('SELECT p.*', 'SELECT p.*, t.name AS tenant_name')}
          ORDER BY p.built_in DESC, t.name, p.name, p.id`,
      );
      return rows.rows.map((row) => {
        const { Samples, ...p } = toParser(row);
        return { ...p, TenantId: row.tenant_id, TenantName: row.tenant_name, SampleCount: Samples.length };
      });
    },
  );

  r.put(
    '/api/admin/parsers/:id/built-in',
    {
      config: managers,
      schema: {
        tags,
        params: Id,
        body: ParserPromoteInput,
        response: { 200: z.object({ Id: z.number().int(), BuiltIn: z.boolean() }) },
      },
    },
    async (req) => {
      const up = await database.query(
        'UPDATE tenant_parsers SET built_in = $2, updated_at = now(), updated_by = $3 WHERE id = $1',
        [req.params.id, req.body.BuiltIn, req.auth.userId],
      );
      if (!up.rowCount) throw notFound();
      pipeline.tenantRules.invalidate();
      return { Id: req.params.id, BuiltIn: req.body.BuiltIn };
    },
  );

  r.get(
    '/api/parsing-status/false-greens',
    { config: admins, schema: { tags, response: { 200: FalseGreens } } },
    async () => {
      const rows = await database.query<{ vendor: string; n: string }>(
        `SELECT b.vendor, count(*) AS n
           FROM results r JOIN backups b ON b.id = r.backup_id
          WHERE r.source = 'email' AND r.parsed_status = $1 AND r.status IN ($2, $3)
            AND r.filed_at > now() - make_interval(days => $4)
          GROUP BY b.vendor ORDER BY n DESC, b.vendor`,
        [ResultStatus.Success, ResultStatus.Warning, ResultStatus.Failure, FALSE_GREEN_DAYS],
      );
      const byVendor = rows.rows.map((v) => ({
        Vendor: v.vendor,
        VendorName: vendorNames.get(v.vendor) ?? v.vendor,
        Count: Number(v.n),
      }));
      return { Days: FALSE_GREEN_DAYS, Total: byVendor.reduce((n, v) => n + v.Count, 0), ByVendor: byVendor };
    },
  );
}
