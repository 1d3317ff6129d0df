// Backups found by API backup sources, for Companies → backup-client → integrations.
import { z } from 'zod';
import { ClientIntegrationQuery, ClientIntegrationRow } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibilitySql, visibleCompanies } from '../audit/common.ts';
import { clientTags } from './route-access.ts';
import { isoOrNull } from '../../platform/dates.ts';

/** Platform §6: the company list and the backup integrations both. */
const canView = { access: { permissions: ['manage.getCompanies', 'integration.getbackupintegrations'] } };

interface Row {
  id: number;
  vendor: string;
  device_name: string;
  job_name: string;
  state: string;
  source_id: number;
  source_type: string;
  source_name: string;
  company_id: number | null;
  company_name: string | null;
  current_status: number;
  last_result_at: Date | string | null;
}

export function clientIntegrationRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.get(
    '/api/client/integrations',
    {
      config: canView,
      schema: {
        tags: clientTags,
        querystring: ClientIntegrationQuery,
        response: { 200: z.array(ClientIntegrationRow) },
      },
    },
    async (req) => {
      const params: unknown[] = [tenantOf(req)];
      const where = ['b.tenant_id = $1', visibilitySql(await visibleCompanies(database, req), params)];
      if (req.query.companyId) {
        params.push(req.query.companyId);
        where.push(`b.company_id = $${params.length}`);
      }
      const res = await database.query<Row>(
        `SELECT b.id, b.vendor, b.device_name, b.job_name, b.state, s.id AS source_id, s.type AS source_type,
                s.name AS source_name, b.company_id, c.name AS company_name, b.current_status, b.last_result_at
           FROM backups b
           JOIN backup_sources s ON s.id = b.source_id AND s.tenant_id = b.tenant_id
           LEFT JOIN companies c ON c.id = b.company_id
          WHERE ${where.join(' AND ')}
          ORDER BY lower(coalesce(c.name, '')), lower(s.name), lower(b.device_name), lower(b.job_name), b.id
          LIMIT 5000`,
        params,
      );
      return res.rows.map((x) => ({
        BackupId: x.id,
        Vendor: x.vendor,
        DeviceName: x.device_name,
        JobName: x.job_name,
        State: x.state,
        SourceId: x.source_id,
        SourceType: x.source_type,
        SourceName: x.source_name,
        CompanyId: x.company_id,
        CompanyName: x.company_name,
        CurrentStatus: x.current_status,
        LastResultAt: isoOrNull(x.last_result_at),
      }));
    },
  );
}
