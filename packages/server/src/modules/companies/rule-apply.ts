import type { ApplyCompaniesAnswer, ApplyCompany } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { type Actor } from '../../changes/activity.ts';
import { notFound } from '../../platform/errors.ts';
import { assignCompanies, noJit, ruleMatchSql } from './assign.ts';
import type { Viewer } from './types.ts';
import { logCompanyCounts, previewFrom } from './rule-apply-preview.ts';

/** Applying company rules to unassigned backups: the preview, the apply, and the activity it leaves. */

/** The "Apply companies" preview: what each company's rules would assign now. */
export async function applyPreview(database: Database, v: Viewer): Promise<ApplyCompany[]> {
  return database.transaction(async (q) => {
    await noJit(q);
    const params: unknown[] = [v.tenantId];
    const rm = await ruleMatchSql(q, { tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible }, params);
    return rm ? previewFrom(q, rm, params) : [];
  });
}

export async function applyCompanyRules(
  database: Database,
  actor: Actor,
  v: Viewer,
  companyIds?: number[],
): Promise<ApplyCompaniesAnswer> {
  return database.transaction(async (q) => {
    if (companyIds) {
      const asked = [...new Set(companyIds)];
      const own = await q<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])', [
        v.tenantId,
        asked,
      ]);
      if (own.rows.length !== asked.length || (v.visible && asked.some((x) => !v.visible!.includes(x)))) {
        throw notFound();
      }
    }
    const outcome = await assignCompanies(
      q,
      { tenantId: v.tenantId, scope: 'unassigned', companyIds: v.visible, assignOnly: companyIds ?? null },
      { rules: true, mappings: false },
    );
    await logCompanyCounts(q, actor, 'Company rules applied', outcome.perCompany, outcome.conflicts);
    return {
      Assigned: outcome.assigned,
      Conflicts: outcome.conflicts,
      Companies: outcome.perCompany.length,
    };
  });
}

export { previewFrom, logCompanyCounts } from './rule-apply-preview.ts';
