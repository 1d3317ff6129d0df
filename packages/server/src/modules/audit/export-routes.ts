// GET /api/policy/audit/file: the Audit grid as Excel or CSV.
import { AuditFileQuery } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { sendReportFile } from '../reports/files.ts';
import { visibleCompanies } from './common.ts';
import { auditDocument } from './export.ts';

const canView = { access: { permissions: ['audit.getAudit'] } };

export function auditExportRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  r.get(
    '/api/policy/audit/file',
    { config: canView, schema: { tags: ['Audit'], querystring: AuditFileQuery } },
    async (req, reply) => {
      const tenantId = tenantOf(req);
      const doc = await auditDocument(deps.database, {
        tenantId,
        visible: await visibleCompanies(deps.database, req),
        filter: req.query.filter,
        columns: req.query.columns,
      });
      return sendReportFile(reply, doc, req.query.format === 'csv' ? 4 : 2);
    },
  );
}
