// A template's auto-activation record: which backups it activated, and when.
import type { Paged, TemplateActivation } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { loadTemplate, queryOf } from './rows.ts';
import { activationVisibleSql } from './activation-records.ts';
import { iso } from '../../platform/dates.ts';

export async function listActivations(
  database: Database,
  tenantId: number,
  templateId: number | undefined,
  page: number,
  size: number,
  visible: number[] | null = null,
): Promise<Paged<TemplateActivation>> {
  const params: unknown[] = [tenantId];
  let where = 'a.tenant_id = $1';
  if (visible) where += ` AND ${activationVisibleSql(visible, params)}`;
  if (templateId) {
    await loadTemplate(queryOf(database), tenantId, templateId);
    params.push(templateId);
    where += ` AND a.template_id = $${params.length}`;
  }
  const total = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM template_activations a WHERE ${where}`,
    params,
  );
  params.push(size, (page - 1) * size);
  const r = await database.query<{
    id: string | number;
    template_id: number;
    template_name: string;
    backup_id: number;
    device_name: string;
    job_name: string;
    created_at: Date | string;
  }>(
    `SELECT a.id, a.template_id, t.name AS template_name, a.backup_id, b.device_name, b.job_name, a.created_at
       FROM template_activations a JOIN templates t ON t.id = a.template_id JOIN backups b ON b.id = a.backup_id
      WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const n = total.rows[0].n;
  return {
    Results: r.rows.map((x) => ({
      Id: Number(x.id),
      TemplateId: x.template_id,
      TemplateName: x.template_name,
      BackupId: x.backup_id,
      DeviceName: x.device_name,
      JobName: x.job_name,
      CreatedAt: iso(x.created_at),
    })),
    Page: page,
    PageSize: size,
    Total: n,
    TotalPages: Math.ceil(n / size),
  };
}
