import {
  BackupSettings,
  type ApplyTemplate,
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
import { logActivity, type Actor } from '../../manage/activity.ts';
import { queueReroll } from '../../manage/reroll.ts';
import { readRules, rulesSql } from '../../manage/rules.ts';
import { writeBackupSettings } from '../../manage/settings.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likeTerm, NO_COMPANY, visibilitySql } from '../audit/common.ts';
import { requireVisible, visibleSql } from '../audit/scope.ts';

/**
 * Templates: a name, backup settings, matching rules, the companies they are limited to and
 * auto-activation. Applying links the matching backups (template_id) and writes the settings
 * to them in one transaction; a settings change reaches every linked backup the same way.
 * History re-rolls follow after the commit (`queueReroll`).
 */

export const DUPLICATE_NAME = 'A template with this name already exists';
/** Matches listed by a test or a preview; the counts are always complete. */
export const PREVIEW_LIMIT = 500;

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

interface TemplateDbRow {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  backups_count: number;
  company_names: string[] | null;
}

export interface StoredTemplate {
  id: number;
  name: string;
  settings: BackupSettings;
  rules: RuleSet;
  companyIds: number[];
  isActive: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function readSettings(doc: unknown): BackupSettings {
  const r = BackupSettings.safeParse(doc ?? {});
  return r.success ? r.data : {};
}

export function readCompanyIds(doc: unknown): number[] {
  return Array.isArray(doc) ? doc.filter((x): x is number => Number.isInteger(x)) : [];
}

function stored(r: {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
}) {
  return {
    id: r.id,
    name: r.name,
    settings: readSettings(r.settings),
    rules: readRules(r.rules),
    companyIds: readCompanyIds(r.company_ids),
    isActive: r.is_active,
  };
}

const ROW_SELECT = `
  SELECT t.id, t.name, t.settings, t.rules, t.company_ids, t.is_active, t.created_at, t.updated_at,
         (SELECT count(*)::int FROM backups b WHERE b.template_id = t.id) AS backups_count,
         ARRAY(SELECT c.name FROM companies c
                WHERE c.tenant_id = t.tenant_id
                  AND c.id IN (SELECT jsonb_array_elements_text(t.company_ids)::int)
                ORDER BY lower(c.name)) AS company_names
    FROM templates t`;

function toRow(r: TemplateDbRow): TemplateRow {
  const s = stored(r);
  return {
    Id: r.id,
    Name: r.name,
    Settings: s.settings,
    Rules: s.rules,
    Companies: s.companyIds,
    CompanyNames: r.company_names ?? [],
    isActive: r.is_active,
    BackupsCount: r.backups_count,
    CreatedAt: iso(r.created_at),
    UpdatedAt: iso(r.updated_at),
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** A backup a template matches, as the screens list it. */
interface MatchDbRow {
  id: number;
  device_name: string;
  job_name: string;
  vendor: string;
  backup_type: string;
  company_id: number | null;
  company_name: string | null;
  state: string;
  template_id: number | null;
  template_name: string | null;
}

const MATCH_COLUMNS = `b.id, b.device_name, b.job_name, b.vendor, b.backup_type, b.company_id, c.name AS company_name,
  b.state, b.template_id, tt.name AS template_name`;
const MATCH_FROM = `FROM backups b
  LEFT JOIN companies c ON c.id = b.company_id
  LEFT JOIN templates tt ON tt.id = b.template_id`;

function toBackup(r: MatchDbRow): TemplateBackup {
  return {
    Id: r.id,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Vendor: r.vendor,
    BackupType: r.backup_type,
    CompanyId: r.company_id,
    CompanyName: r.company_name ?? NO_COMPANY,
    State: r.state,
    TemplateId: r.template_id,
    TemplateName: r.template_name,
  };
}

/**
 * The condition (backups `b`) for what a template's rules and companies match: the tenant's
 * Inactive and Active backups (retired ones are left alone) the caller may see.
 */
export function matchSql(
  tenantId: number,
  rules: RuleSet,
  companyIds: number[],
  visible: number[] | null,
  params: unknown[],
): string {
  params.push(tenantId);
  const parts = [`b.tenant_id = $${params.length}`, `b.state IN ('Inactive', 'Active')`, rulesSql(rules, params)];
  if (companyIds.length) {
    params.push(companyIds);
    parts.push(`b.company_id = ANY($${params.length}::int[])`);
  }
  parts.push(visibilitySql(visible, params));
  return parts.join(' AND ');
}

export class TemplateService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>) {}

  private get database(): Database {
    return this.deps.database;
  }

  private async load(q: QueryFn, tenantId: number, id: number, lock = false): Promise<StoredTemplate> {
    const r = await q<TemplateDbRow>(
      `SELECT id, name, settings, rules, company_ids, is_active FROM templates WHERE tenant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [tenantId, id],
    );
    if (!r.rows.length) throw notFound();
    return stored(r.rows[0]);
  }

  private q(): QueryFn {
    return (text, params) => this.database.query(text, params);
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
      const src = await this.load(q, actor.tenantId, id);
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

  private async checkCompanies(q: QueryFn, tenantId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const r = await q<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])', [
      tenantId,
      unique,
    ]);
    if (r.rows.length !== unique.length) throw badRequest('Company not found', 'Companies');
    return unique.sort((a, b) => a - b);
  }

  /**
   * Name, settings and companies. The settings are written to every linked backup in the same
   * transaction; their history re-rolls after the commit.
   */
  async update(actor: Actor, input: TemplateUpdate): Promise<TemplateRow> {
    const { row, reroll } = await this.database
      .transaction(async (q) => {
        const before = await this.load(q, actor.tenantId, input.Id, true);
        const dup = await q('SELECT 1 FROM templates WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
          actor.tenantId,
          input.Name,
          input.Id,
        ]);
        if (dup.rows.length) throw badRequest(DUPLICATE_NAME, 'Name');
        const companyIds = await this.checkCompanies(q, actor.tenantId, input.Companies);
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
      const before = await this.load(q, actor.tenantId, id, true);
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
      const t = await this.load(q, actor.tenantId, id, true);
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
    await this.load(this.q(), tenantId, id);
    const params: unknown[] = [tenantId, id];
    const r = await this.database.query<MatchDbRow>(
      `SELECT ${MATCH_COLUMNS} ${MATCH_FROM}
        WHERE b.tenant_id = $1 AND b.template_id = $2 AND ${visibilitySql(visible, params)}
        ORDER BY lower(b.device_name), lower(b.job_name), b.id`,
      params,
    );
    return r.rows.map(toBackup);
  }

  /** What some rules would match, without saving anything. */
  async test(
    tenantId: number,
    rules: RuleSet,
    companyIds: number[],
    visible: number[] | null,
  ): Promise<TemplateTestAnswer> {
    await this.checkCompanies(this.q(), tenantId, companyIds);
    const params: unknown[] = [];
    const where = matchSql(tenantId, rules, companyIds, visible, params);
    const r = await this.database.query<MatchDbRow & { total: number }>(
      `SELECT ${MATCH_COLUMNS}, count(*) OVER ()::int AS total ${MATCH_FROM} WHERE ${where}
        ORDER BY lower(b.device_name), lower(b.job_name), b.id LIMIT ${PREVIEW_LIMIT}`,
      params,
    );
    return { Backups: r.rows.map(toBackup), Total: r.rows[0]?.total ?? 0 };
  }

  /**
   * Every (template, backup) match of the tenant's templates with rules: the conflicts of an
   * apply are backups matched by more than one of them.
   */
  private async allMatches(
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
  async apply(actor: Actor, input: TemplateApplyInput, visible: number[] | null): Promise<TemplateApplyAnswer> {
    const ids = [...new Set(input.Ids)];
    const result = await this.database.transaction(async (q) => {
      const { templates, matches } = await this.allMatches(q, actor.tenantId, visible);
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
    const how = await queueReroll(this.deps, result.reroll);
    return {
      Templates: result.answer,
      Applied: result.applied,
      Skipped: result.skipped,
      Activated: result.activated,
      Reroll: how,
    };
  }

  /**
   * Converts linked backups to standalone (all of them when `backupIds` is left out): they keep
   * their settings and stop following the template. A template left governing no backup stops
   * auto-activating (features §4.3).
   */
  async standalone(
    actor: Actor,
    id: number,
    backupIds: number[] | undefined,
  ): Promise<{ Converted: number; isActive: boolean }> {
    return this.database.transaction(async (q) => {
      const t = await this.load(q, actor.tenantId, id, true);
      const params: unknown[] = [actor.tenantId, id];
      let only = '';
      if (backupIds) {
        params.push([...new Set(backupIds)]);
        const own = await q<{ n: number }>(
          'SELECT count(*)::int AS n FROM backups WHERE tenant_id = $1 AND template_id = $2 AND id = ANY($3::int[])',
          params,
        );
        if (own.rows[0].n !== (params[2] as number[]).length) throw notFound();
        only = ' AND id = ANY($3::int[])';
      }
      const u = await q(
        `UPDATE backups SET template_id = NULL WHERE tenant_id = $1 AND template_id = $2${only}`,
        params,
      );
      const left = await q('SELECT 1 FROM backups WHERE template_id = $1 LIMIT 1', [id]);
      const isActive = t.isActive && left.rows.length > 0;
      if (isActive !== t.isActive) {
        await q('UPDATE templates SET is_active = false, updated_at = now() WHERE id = $1', [id]);
      }
      await logActivity(q, actor, {
        action: 'Template edited',
        entityType: 'Template',
        entityId: id,
        entityName: t.name,
        before: { isActive: t.isActive },
        after: { StandaloneBackups: u.rowCount, isActive },
      });
      return { Converted: u.rowCount, isActive };
    });
  }

  async activations(
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
      await this.load(this.q(), tenantId, templateId);
      params.push(templateId);
      where += ` AND a.template_id = $${params.length}`;
    }
    const total = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM template_activations a WHERE ${where}`,
      params,
    );
    params.push(size, (page - 1) * size);
    const r = await this.database.query<{
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
  async activateNow(
    actor: Actor,
    templateId: number,
    backupIds: number[] | undefined,
    visible: number[] | null,
  ): Promise<number> {
    // A backup the caller cannot see is not there (404), before whether the template matches it.
    if (backupIds) await requireVisible(this.database, { tenantId: actor.tenantId, visible }, 'backup', backupIds);
    const { ids, reroll } = await this.database.transaction(async (q) => {
      const t = await this.load(q, actor.tenantId, templateId, true);
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
    await queueReroll(this.deps, reroll);
    return ids.length;
  }

  async deleteActivations(
    tenantId: number,
    templateId: number | undefined,
    ids: number[] | undefined,
    visible: number[] | null = null,
  ): Promise<number> {
    if (templateId) await this.load(this.q(), tenantId, templateId);
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
    const r = await this.database.query(`DELETE FROM template_activations a WHERE ${where.join(' AND ')}`, params);
    return r.rowCount;
  }
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
