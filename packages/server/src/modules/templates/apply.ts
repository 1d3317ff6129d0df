import type { ApplyTemplate, TemplateApplyAnswer, TemplateApplyInput } from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { notFound } from '../../platform/errors.ts';
import { NO_COMPANY } from '../audit/common.ts';
import { MATCH_COLUMNS, matchSql, PREVIEW_LIMIT, type MatchDbRow } from './matches.ts';
import { stored, type StoredTemplate, type TemplateDbRow } from './rows.ts';

/** Linking backups to templates (apply) and unlinking them (standalone). */

/**
 * Every (template, backup) match of the tenant's templates with rules: the conflicts of an
 * apply are backups matched by more than one of them.
 */
async function allMatches(
  q: QueryFn,
  tenantId: number,
  visible: number[] | null,
): Promise<{ templates: Map<number, StoredTemplate>; matches: (MatchDbRow & { tid: number })[] }> {
  const all = await q<TemplateDbRow>(
    'SELECT id, name, settings, rules, company_ids, is_active FROM templates WHERE tenant_id = $1 ORDER BY id',
    [tenantId],
  );
  const templates = new Map(all.rows.map((r) => [r.id, stored(r)]));
  const withRules = [...templates.values()].filter((t) => t.rules.Groups.some((g) => g.Conditions.length));
  if (!withRules.length) return { templates, matches: [] };
  const params: unknown[] = [];
  const arms = withRules.map((t) => {
    const where = matchSql(tenantId, t.rules, t.companyIds, visible, params);
    return `SELECT ${t.id} AS tid, b.id FROM backups b WHERE ${where}`;
  });
  const r = await q<MatchDbRow & { tid: number }>(
    `WITH m AS (${arms.join(' UNION ALL ')})
     SELECT m.tid, ${MATCH_COLUMNS} FROM m JOIN backups b ON b.id = m.id
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN templates tt ON tt.id = b.template_id
      ORDER BY lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  return { templates, matches: r.rows };
}

/**
 * Applies templates to the backups they match: links them, writes the settings (activating
 * Inactive ones) in one transaction, then re-rolls. A preview answers the same without writing.
 */
export async function applyTemplates(
  deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>,
  actor: Actor,
  input: TemplateApplyInput,
  visible: number[] | null,
): Promise<TemplateApplyAnswer> {
  const ids = [...new Set(input.Ids)];
  const result = await deps.database.transaction(async (q) => {
    const { templates, matches } = await allMatches(q, actor.tenantId, visible);
    for (const id of ids) if (!templates.has(id)) throw notFound();
    const byBackup = new Map<number, number[]>();
    for (const m of matches) byBackup.set(m.id, [...(byBackup.get(m.id) ?? []), m.tid]);
    const answer: ApplyTemplate[] = [];
    const chosen = new Map<number, { go: number[]; inactive: number }>();
    const taken = new Set<number>();
    let skipped = 0;
    let activated = 0;
    for (const id of ids) {
      const t = templates.get(id)!;
      const mine = matches.filter((m) => m.tid === id);
      const list = mine.map((m) => {
        const others = (byBackup.get(m.id) ?? []).filter((x) => x !== id);
        return {
          row: m,
          item: {
            Id: m.id,
            CompanyName: m.company_name ?? NO_COMPANY,
            DeviceName: m.device_name,
            JobName: m.job_name,
            State: m.state,
            HasConflict: others.length > 0,
            ConflictsWith: others.map((o) => templates.get(o)!.name),
          },
        };
      });
      const go: number[] = [];
      let inactive = 0;
      for (const { row, item } of list) {
        if (taken.has(row.id)) continue;
        if (item.HasConflict && !input.IncludeConflicts) {
          skipped += 1;
          taken.add(row.id);
          continue;
        }
        taken.add(row.id);
        go.push(row.id);
        if (row.state === 'Inactive') inactive += 1;
      }
      activated += inactive;
      chosen.set(id, { go, inactive });
      answer.push({
        Id: id,
        Name: t.name,
        Backups: list.slice(0, PREVIEW_LIMIT).map((x) => x.item),
        HasConflict: list.some((x) => x.item.HasConflict),
      });
    }
    if (input.Preview) return { answer, applied: 0, skipped, activated, reroll: [] as number[] };
    let applied = 0;
    const reroll: number[] = [];
    for (const id of ids) {
      const t = templates.get(id)!;
      const { go, inactive } = chosen.get(id)!;
      const w = await writeBackupSettings(q, actor.tenantId, go, t.settings, {
        activate: true,
        templateId: id,
        companySource: 'template',
      });
      applied += w.ids.length;
      reroll.push(...w.reroll);
      await logActivity(q, actor, {
        action: 'Template applied',
        entityType: 'Template',
        entityId: id,
        entityName: t.name,
        after: { Backups: w.ids.length, Activated: inactive },
      });
    }
    return { answer, applied, skipped, activated, reroll };
  });
  const how = await queueReroll(deps, result.reroll);
  return {
    Templates: result.answer,
    Applied: result.applied,
    Skipped: result.skipped,
    Activated: result.activated,
    Reroll: how,
  };
}

export { makeStandalone } from './standalone.ts';
