import { z } from 'zod';
import { BackupMethodOption, BackupMethodsReportQuery, Privilege, ReportFilters } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibilitySql, visibleCompanies } from '../audit/common.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { buildReportDocument } from './generate.ts';
import { canReport, sendReportFile, reportBrand } from './files.ts';

const tags = ['Reports'];
const staffReport = { access: { ...canReport.access, privilege: Privilege.tenantAdminOrStandard } };
/** Every vendor parser reads e-mail; API methods appear once a backup uses one. */
const KNOWN_METHODS = ['Email'];

/** Backup methods (platform §7): the vendor × method list, those in use, and the report as a file. */
export function backupMethodRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  const methods = async (req: FastifyRequest, usedOnly: boolean) => {
    const params: unknown[] = [tenantOf(req)];
    const used = await database.query<{ vendor: string; method: string; n: string }>(
      `SELECT b.vendor, b.method, count(*) AS n FROM backups b
        WHERE b.tenant_id = $1 AND b.state = 'Active' AND ${visibilitySql(await visibleCompanies(database, req), params)}
        GROUP BY b.vendor, b.method`,
      params,
    );
    const counts = new Map(used.rows.map((x) => [`${x.vendor}\u0000${x.method}`, Number(x.n)]));
    if (!usedOnly)
      for (const v of vendorNames.keys())
        for (const m of KNOWN_METHODS) counts.set(`${v}\u0000${m}`, counts.get(`${v}\u0000${m}`) ?? 0);
    return [...counts.entries()]
      .map(([key, Count]) => {
        const [Vendor, Method] = key.split('\u0000');
        return { Vendor, VendorName: vendorNames.get(Vendor) ?? Vendor, Method, Count };
      })
      .sort((a, b) => a.VendorName.localeCompare(b.VendorName) || a.Method.localeCompare(b.Method));
  };

  r.get(
    '/api/backup-methods',
    { config: canReport, schema: { tags, response: { 200: z.array(BackupMethodOption) } } },
    (req) => methods(req, false),
  );
  r.get(
    '/api/backup-methods/used',
    { config: canReport, schema: { tags, response: { 200: z.array(BackupMethodOption) } } },
    (req) => methods(req, true),
  );

  r.post(
    '/api/backup-methods/report',
    // An administrative report: client users do not get it (the report list leaves it out for them).
    { config: staffReport, schema: { tags, querystring: BackupMethodsReportQuery, body: ReportFilters.optional() } },
    async (req, reply) => {
      const tenantId = tenantOf(req);
      const doc = await buildReportDocument(
        database,
        { tenantId, visible: await visibleCompanies(database, req) },
        'BackupMethods',
        req.body ?? ReportFilters.parse({}),
      );
      const format = req.query.reportType as 0 | 1 | 2 | 4;
      return sendReportFile(reply, doc, format, format === 4 ? {} : await reportBrand(deps, tenantId));
    },
  );
}
