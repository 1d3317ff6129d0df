import type { Paged, TemplateActivation } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireVisible, visibleSql } from '../audit/scope.ts';
import { matchSql } from './matches.ts';
import { iso, loadTemplate, queryOf } from './rows.ts';

/** Auto-activation's record: which backups a template activated, listed, made now and cleared. */

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

/** Activates a template's matching Inactive backups now (all, or the listed ones), recording each. */
export async function activateNow(
  deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>,
  actor: Actor,
  templateId: number,
  backupIds: number[] | undefined,
  visible: number[] | null,
): Promise<number> {
  // A backup the caller cannot see is not there (404), before whether the template matches it.
  if (backupIds) await requireVisible(deps.database, { tenantId: actor.tenantId, visible }, 'backup', backupIds);
  const { ids, reroll } = await deps.database.transaction(async (q) => {
    const t = await loadTemplate(q, actor.tenantId, templateId, true);
    const params: unknown[] = [];
    const where = matchSql(actor.tenantId, t.rules, t.companyIds, visible, params);
    const m = await q<{ id: number }>(
      `SELECT b.id FROM backups b WHERE ${where} AND b.state = 'Inactive' ORDER BY b.id FOR UPDATE OF b`,
      params,
    );
    let target = m.rows.map((r) => r.id);
    if (backupIds) {
      const want = new Set(backupIds);
      target = target.filter((id) => want.has(id));
      if (target.length !== want.size)
        throw badRequest('Only Inactive backups the template matches can be activated', 'BackupIds');
    }
    const w = await writeBackupSettings(q, actor.tenantId, target, t.settings, {
      activate: true,
      templateId,
      companySource: 'template',
    });
    await recordActivations(q, actor.tenantId, templateId, w.ids);
    if (w.ids.length) {
      await logActivity(q, actor, {
        action: 'Template applied',
        entityType: 'Template',
        entityId: templateId,
        entityName: t.name,
        after: { Backups: w.ids.length, Activated: w.ids.length },
      });
    }
    return w;
  });
  await queueReroll(deps, reroll);
  return ids.length;
}

export async function deleteActivations(
  database: Database,
  tenantId: number,
  templateId: number | undefined,
  ids: number[] | undefined,
  visible: number[] | null = null,
): Promise<number> {
  if (templateId) await loadTemplate(queryOf(database), tenantId, templateId);
  if (!templateId && !ids?.length) throw badRequest('Give a TemplateId or activation Ids', 'Ids');
  const params: unknown[] = [tenantId];
  const where = ['a.tenant_id = $1'];
  if (visible) where.push(activationVisibleSql(visible, params));
  if (templateId) {
    params.push(templateId);
    where.push(`a.template_id = $${params.length}`);
  }
  if (ids?.length) {
    params.push(ids);
    where.push(`a.id = ANY($${params.length}::bigint[])`);
  }
  const r = await database.query(`DELETE FROM template_activations a WHERE ${where.join(' AND ')}`, params);
  return r.rowCount;
}

/** SQL (on activations aliased `a`): the activated backup is one the caller may see. */
function activationVisibleSql(visible: number[], params: unknown[]): string {
  return `EXISTS (SELECT 1 FROM backups b WHERE b.id = a.backup_id AND ${visibleSql('backup', visible, params)})`;
}

export async function recordActivations(
  q: QueryFn,
  tenantId: number,
  templateId: number,
  ids: number[],
): Promise<void> {
  if (!ids.length) return;
  await q(
    `INSERT INTO template_activations (tenant_id, template_id, backup_id) SELECT $1, $2, x FROM unnest($3::int[]) AS x`,
    [tenantId, templateId, ids],
  );
}
