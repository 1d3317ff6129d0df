// Recording and forgetting template activations, and which of them a caller may see.
import type { Database, QueryFn } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { visibleSql } from '../audit/scope.ts';
import { loadTemplate, queryOf } from './rows.ts';

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
export function activationVisibleSql(visible: number[], params: unknown[]): string {
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
