import {
  type BackupSettings,
  type Paged,
  type RuleSet,
  type TemplateActivation,
  type TemplateApplyAnswer,
  type TemplateApplyInput,
  type TemplateBackup,
  type TemplateListQuery,
  type TemplateRow,
  type TemplateTestAnswer,
  type TemplateUpdate,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likeTerm } from '../audit/common.ts';
import { activateNow, deleteActivations, listActivations } from './activations.ts';
import { applyTemplates, makeStandalone } from './apply.ts';
import { linkedBackups, testRules } from './matches.ts';
import {
  checkCompanies,
  isUniqueViolation,
  loadTemplate,
  queryOf,
  ROW_SELECT,
  toRow,
  type StoredTemplate,
  type TemplateDbRow,
} from './rows.ts';

/**
 * Templates: a name, backup settings, matching rules, the companies they are limited to and
 * auto-activation. Applying links the matching backups (template_id) and writes the settings
 * to them in one transaction; a settings change reaches every linked backup the same way.
 * History re-rolls follow after the commit (`queueReroll`).
 */

export const DUPLICATE_NAME = 'A template with this name already exists';

/** A new template starts with the settings most backups need: every day, counted from midnight. */
export const DEFAULT_SETTINGS: BackupSettings = {
  BackupType: 'Backup',
  Schedule: { kind: 'weekly', weekdays: 127 },
  DayStartHour: 0,
  StatusCalculation: 'WarningIfMixed',
  TreatWarningAsSuccess: false,
  FailureThreshold: 1,
  Tags: [],
  Notes: null,
};

export class TemplateService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>) {}

  private get database(): Database {
    return this.deps.database;
  }

  private q(): QueryFn {
    return queryOf(this.database);
  }

  async list(tenantId: number, query: TemplateListQuery): Promise<Paged<TemplateRow>> {
    const params: unknown[] = [tenantId];
    const where = ['t.tenant_id = $1'];
    if (query.Search?.trim()) {
      params.push(likeTerm(query.Search));
      where.push(`t.name ILIKE $${params.length}`);
    }
    const dir = query.OrderAscending === false ? 'DESC' : 'ASC';
    const order =
      query.OrderBy === 'BackupsCount'
        ? `backups_count ${dir}, lower(name)`
        : query.OrderBy === 'CreatedAt'
          ? `created_at ${dir}, id`
          : query.OrderBy === 'UpdatedAt'
            ? `updated_at ${dir}, id`
            : `lower(name) ${dir}, id`;
    const total = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM templates t WHERE ${where.join(' AND ')}`,
      params,
    );
    params.push(query.Size, (query.Page - 1) * query.Size);
    const rows = await this.database.query<TemplateDbRow>(
      `SELECT * FROM (${ROW_SELECT} WHERE ${where.join(' AND ')}) x ORDER BY ${order}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const n = total.rows[0].n;
    return {
      Results: rows.rows.map(toRow),
      Page: query.Page,
      PageSize: query.Size,
      Total: n,
      TotalPages: Math.ceil(n / query.Size),
    };
  }

  async get(tenantId: number, id: number, q: QueryFn = this.q()): Promise<TemplateRow> {
    const r = await q<TemplateDbRow>(`${ROW_SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, id]);
    if (!r.rows.length) throw notFound();
    return toRow(r.rows[0]);
  }

  async dropdown(tenantId: number): Promise<{ Id: number; Name: string }[]> {
    const r = await this.database.query<{ id: number; name: string }>(
      'SELECT id, name FROM templates WHERE tenant_id = $1 ORDER BY lower(name), id',
      [tenantId],
    );
    return r.rows.map((x) => ({ Id: x.id, Name: x.name }));
  }

  private async insert(
    q: QueryFn,
    tenantId: number,
    name: string,
    t: Pick<StoredTemplate, 'settings' | 'rules' | 'companyIds'>,
  ): Promise<number> {
    const dup = await q('SELECT 1 FROM templates WHERE tenant_id = $1 AND lower(name) = lower($2)', [tenantId, name]);
    if (dup.rows.length) throw badRequest(DUPLICATE_NAME, 'Name');
    const r = await q<{ id: number }>(
      `INSERT INTO templates (tenant_id, name, settings, rules, company_ids) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb)
       RETURNING id`,
      [tenantId, name, JSON.stringify(t.settings), JSON.stringify(t.rules), JSON.stringify(t.companyIds)],
    );
    return r.rows[0].id;
  }

  async create(actor: Actor, name: string): Promise<TemplateRow> {
    try {
      return await this.database.transaction(async (q) => {
        const id = await this.insert(q, actor.tenantId, name, {
          settings: DEFAULT_SETTINGS,
          rules: { Groups: [] },
          companyIds: [],
        });
        await logActivity(q, actor, {
          action: 'Template created',
          entityType: 'Template',
          entityId: id,
          entityName: name,
          after: { Name: name, Settings: DEFAULT_SETTINGS },
        });
        return this.get(actor.tenantId, id, q);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(DUPLICATE_NAME, 'Name');
      throw err;
    }
  }

  /** A copy named "Copy of {name}" (numbered when taken), inactive and without backups. */
  async copy(actor: Actor, id: number): Promise<TemplateRow> {
    return this.database.transaction(async (q) => {
      const src = await loadTemplate(q, actor.tenantId, id);
      const base = `Copy of ${src.name}`.slice(0, 100);
      const taken = await q<{ name: string }>(
        `SELECT lower(name) AS name FROM templates WHERE tenant_id = $1 AND lower(name) LIKE lower($2) || '%'`,
        [actor.tenantId, base],
      );
      const names = new Set(taken.rows.map((r) => r.name));
      let name = base;
      for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${base} (${n})`;
      const newId = await this.insert(q, actor.tenantId, name, src);
      await logActivity(q, actor, {
        action: 'Template created',
        entityType: 'Template',
        entityId: newId,
        entityName: name,
        after: { Name: name, CopiedFrom: src.name },
      });
      return this.get(actor.tenantId, newId, q);
    });
  }

  /**
   * Name, settings and companies. The settings are written to every linked backup in the same
   * transaction; their history re-rolls after the commit.
   */
  async update(actor: Actor, input: TemplateUpdate): Promise<TemplateRow> {
    const { row, reroll } = await this.database
      .transaction(async (q) => {
        const before = await loadTemplate(q, actor.tenantId, input.Id, true);
        const dup = await q('SELECT 1 FROM templates WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
          actor.tenantId,
          input.Name,
          input.Id,
        ]);
        if (dup.rows.length) throw badRequest(DUPLICATE_NAME, 'Name');
        const companyIds = await checkCompanies(q, actor.tenantId, input.Companies);
        const settings = { ...input.Settings, Tags: input.Settings.Tags ?? [] };
        await q(
          `UPDATE templates SET name = $3, settings = $4::jsonb, company_ids = $5::jsonb, updated_at = now()
            WHERE tenant_id = $1 AND id = $2`,
          [actor.tenantId, input.Id, input.Name, JSON.stringify(settings), JSON.stringify(companyIds)],
        );
        const linked = await q<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 AND template_id = $2', [
          actor.tenantId,
          input.Id,
        ]);
        const written = await writeBackupSettings(
          q,
          actor.tenantId,
          linked.rows.map((r) => r.id),
          settings,
          { companySource: 'template' },
        );
        await logActivity(q, actor, {
          action: 'Template edited',
          entityType: 'Template',
          entityId: input.Id,
          entityName: input.Name,
          before: { Name: before.name, Settings: before.settings, Companies: before.companyIds },
          after: { Name: input.Name, Settings: settings, Companies: companyIds, BackupsUpdated: written.ids.length },
        });
        return { row: await this.get(actor.tenantId, input.Id, q), reroll: written.reroll };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw badRequest(DUPLICATE_NAME, 'Name');
        throw err;
      });
    await queueReroll(this.deps, reroll);
    return row;
  }

  async updateRules(actor: Actor, id: number, rules: RuleSet): Promise<TemplateRow> {
    return this.database.transaction(async (q) => {
      const before = await loadTemplate(q, actor.tenantId, id, true);
      await q(`UPDATE templates SET rules = $3::jsonb, updated_at = now() WHERE tenant_id = $1 AND id = $2`, [
        actor.tenantId,
        id,
        JSON.stringify(rules),
      ]);
      await logActivity(q, actor, {
        action: 'Template edited',
        entityType: 'Template',
        entityId: id,
        entityName: before.name,
        before: { Rules: before.rules },
        after: { Rules: rules },
      });
      return this.get(actor.tenantId, id, q);
    });
  }

  /** Deletes templates; their backups become standalone and keep the settings they have. */
  async remove(actor: Actor, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.database.transaction(async (q) => {
      const found = await q<{ id: number; name: string }>(
        'SELECT id, name FROM templates WHERE tenant_id = $1 AND id = ANY($2::int[]) FOR UPDATE',
        [actor.tenantId, unique],
      );
      if (found.rows.length !== unique.length) throw notFound();
      const freed = await q<{ template_id: number; n: number }>(
        `SELECT template_id, count(*)::int AS n FROM backups WHERE tenant_id = $1 AND template_id = ANY($2::int[])
          GROUP BY template_id`,
        [actor.tenantId, unique],
      );
      await q('UPDATE backups SET template_id = NULL WHERE tenant_id = $1 AND template_id = ANY($2::int[])', [
        actor.tenantId,
        unique,
      ]);
      const count = new Map(freed.rows.map((r) => [r.template_id, r.n]));
      await q('DELETE FROM templates WHERE tenant_id = $1 AND id = ANY($2::int[])', [actor.tenantId, unique]);
      await logActivity(
        q,
        actor,
        found.rows.map((t) => ({
          action: 'Template deleted' as const,
          entityType: 'Template' as const,
          entityId: t.id,
          entityName: t.name,
          before: { Name: t.name },
          after: { StandaloneBackups: count.get(t.id) ?? 0 },
        })),
      );
      return found.rows.length;
    });
  }

  /** Auto-activation on or off. Turning it on needs rules, or it would never match anything. */
  async toggle(actor: Actor, id: number, on: boolean): Promise<TemplateRow> {
    return this.database.transaction(async (q) => {
      const t = await loadTemplate(q, actor.tenantId, id, true);
      if (on && !t.rules.Groups.some((g) => g.Conditions.length))
        throw badRequest('Add rules before turning on auto-activation', 'isActive');
      await q('UPDATE templates SET is_active = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [
        actor.tenantId,
        id,
        on,
      ]);
      await logActivity(q, actor, {
        action: 'Template toggled',
        entityType: 'Template',
        entityId: id,
        entityName: t.name,
        before: { isActive: t.isActive },
        after: { isActive: on },
      });
      return this.get(actor.tenantId, id, q);
    });
  }

  async linkedBackups(tenantId: number, id: number, visible: number[] | null): Promise<TemplateBackup[]> {
    return linkedBackups(this.database, tenantId, id, visible);
  }

  /** What some rules would match, without saving anything. */
  async test(
    tenantId: number,
    rules: RuleSet,
    companyIds: number[],
    visible: number[] | null,
  ): Promise<TemplateTestAnswer> {
    return testRules(this.database, tenantId, rules, companyIds, visible);
  }

  async apply(actor: Actor, input: TemplateApplyInput, visible: number[] | null): Promise<TemplateApplyAnswer> {
    return applyTemplates(this.deps, actor, input, visible);
  }

  async standalone(
    actor: Actor,
    id: number,
    backupIds: number[] | undefined,
  ): Promise<{ Converted: number; isActive: boolean }> {
    return makeStandalone(this.database, actor, id, backupIds);
  }

  async activations(
    tenantId: number,
    templateId: number | undefined,
    page: number,
    size: number,
    visible: number[] | null = null,
  ): Promise<Paged<TemplateActivation>> {
    return listActivations(this.database, tenantId, templateId, page, size, visible);
  }

  async activateNow(
    actor: Actor,
    templateId: number,
    backupIds: number[] | undefined,
    visible: number[] | null,
  ): Promise<number> {
    return activateNow(this.deps, actor, templateId, backupIds, visible);
  }

  async deleteActivations(
    tenantId: number,
    templateId: number | undefined,
    ids: number[] | undefined,
    visible: number[] | null = null,
  ): Promise<number> {
    return deleteActivations(this.database, tenantId, templateId, ids, visible);
  }
}
