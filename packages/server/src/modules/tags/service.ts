import type { Tag, TagDeleted } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

/**
 * The tenant's tag catalogue (Settings → Tags). Backups carry tags by value in `backup_tags`;
 * a catalogue entry stands for every spelling of its value (tags compare without case), so a
 * rename or delete reaches every backup carrying the tag in any case. Templates and backup plans
 * that add a tag through their settings (`settings.Tags`) follow a rename or delete too.
 */

interface TagDbRow {
  id: number;
  value: string;
  backup_count: string | number;
}

const toTag = (r: TagDbRow): Tag => ({ Id: r.id, TagValue: r.value, BackupCount: Number(r.backup_count) });

const TAG_SELECT = `
  SELECT g.id, g.value,
         (SELECT count(DISTINCT bt.backup_id) FROM backup_tags bt
           WHERE bt.tenant_id = g.tenant_id AND lower(bt.tag) = lower(g.value)) AS backup_count
    FROM tags g`;

export const tagExists = (value: string) => `A tag named "${value}" already exists.`;

/** Settings documents that can list tags: a tag change follows into them. */
const SETTINGS_TABLES = ['templates', 'backup_plans'] as const;

/**
 * Tags on backups but missing from the catalogue (data from before every tag change kept it)
 * join it, so the catalogue lists every tag in use, each with an id to rename or delete it by.
 * Run once at start-up; the reads never write.
 */
export async function backfillTagCatalogue(database: Database): Promise<void> {
  await database.query(
    `INSERT INTO tags (tenant_id, value)
     SELECT DISTINCT ON (bt.tenant_id, lower(bt.tag)) bt.tenant_id, bt.tag FROM backup_tags bt
      WHERE NOT EXISTS (SELECT 1 FROM tags g WHERE g.tenant_id = bt.tenant_id AND lower(g.value) = lower(bt.tag))
      ORDER BY bt.tenant_id, lower(bt.tag), bt.tag
     ON CONFLICT (tenant_id, lower(value)) DO NOTHING`,
  );
}

export class TagService {
  constructor(private readonly database: Database) {}

  async list(tenantId: number): Promise<Tag[]> {
    const r = await this.database.query<TagDbRow>(
      `${TAG_SELECT} WHERE g.tenant_id = $1 ORDER BY lower(g.value), g.id`,
      [tenantId],
    );
    return r.rows.map(toTag);
  }

  /** The tag values to choose from in editors (`GET /api/policy/tags`), alphabetical. */
  async values(tenantId: number): Promise<string[]> {
    const r = await this.database.query<{ value: string }>(
      'SELECT value FROM tags WHERE tenant_id = $1 ORDER BY lower(value), id',
      [tenantId],
    );
    return r.rows.map((x) => x.value);
  }

  private async get(q: QueryFn, tenantId: number, id: number): Promise<Tag> {
    const r = await q<TagDbRow>(`${TAG_SELECT} WHERE g.tenant_id = $1 AND g.id = $2`, [tenantId, id]);
    if (!r.rows[0]) throw notFound();
    return toTag(r.rows[0]);
  }

  async create(actor: Actor, value: string): Promise<Tag> {
    return this.database.transaction(async (q) => {
      const r = await q<{ id: number }>(
        `INSERT INTO tags (tenant_id, value) VALUES ($1, $2)
         ON CONFLICT (tenant_id, lower(value)) DO NOTHING RETURNING id`,
        [actor.tenantId, value],
      );
      if (!r.rows[0]) throw badRequest(tagExists(value), 'TagValue');
      const tag = await this.get(q, actor.tenantId, r.rows[0].id);
      await logActivity(q, actor, {
        action: 'Tag created',
        entityType: 'Tag',
        entityId: tag.Id,
        entityName: tag.TagValue,
        after: { TagValue: tag.TagValue },
      });
      return tag;
    });
  }

  /**
   * Renames a tag on every backup, template and backup plan. A new value that another tag
   * already has merges this tag into that one: backups end up with the other tag once, and
   * this catalogue entry goes. A change of case alone renames in place.
   */
  async rename(actor: Actor, id: number, value: string): Promise<Tag> {
    const { tenantId } = actor;
    return this.database.transaction(async (q) => {
      const current = await q<{ value: string }>('SELECT value FROM tags WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [
        tenantId,
        id,
      ]);
      if (!current.rows[0]) throw notFound();
      const old = current.rows[0].value;
      if (old === value) return this.get(q, tenantId, id);
      const other = await q<{ id: number; value: string }>(
        'SELECT id, value FROM tags WHERE tenant_id = $1 AND lower(value) = lower($2) AND id <> $3',
        [tenantId, value, id],
      );
      const target = other.rows[0];
      const finalValue = target ? target.value : value;
      const before = await this.get(q, tenantId, id);

      // Every backup carrying either spelling ends up with one row of the final value. A user's
      // tag wins over the same tag given by a backup plan.
      const removed = await q<{ backup_id: number; plan_id: number | null }>(
        `DELETE FROM backup_tags WHERE tenant_id = $1 AND lower(tag) IN (lower($2), lower($3))
         RETURNING backup_id, plan_id`,
        [tenantId, old, finalValue],
      );
      const byBackup = new Map<number, number | null>();
      for (const row of removed.rows) {
        const had = byBackup.get(row.backup_id);
        byBackup.set(
          row.backup_id,
          had === undefined ? row.plan_id : had === null || row.plan_id === null ? null : had,
        );
      }
      if (byBackup.size) {
        await q(
          `INSERT INTO backup_tags (tenant_id, backup_id, tag, plan_id)
           SELECT $1, x.backup_id, $2, x.plan_id FROM unnest($3::int[], $4::int[]) AS x(backup_id, plan_id)`,
          [tenantId, finalValue, [...byBackup.keys()], [...byBackup.values()]],
        );
      }
      await this.rewriteSettings(q, tenantId, old, finalValue);

      if (target) {
        await q('DELETE FROM tags WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
      } else {
        await q('UPDATE tags SET value = $3 WHERE tenant_id = $1 AND id = $2', [tenantId, id, value]);
      }
      const after = await this.get(q, tenantId, target ? target.id : id);
      await logActivity(q, actor, {
        action: 'Tag renamed',
        entityType: 'Tag',
        entityId: id,
        entityName: after.TagValue,
        before: { TagValue: before.TagValue, BackupCount: before.BackupCount },
        after: {
          TagValue: after.TagValue,
          BackupCount: after.BackupCount,
          ...(target ? { MergedInto: { Id: target.id, TagValue: target.value } } : {}),
        },
      });
      return after;
    });
  }

  /** Deletes a tag from the catalogue and from every backup, template and backup plan. */
  async remove(actor: Actor, id: number): Promise<TagDeleted> {
    const { tenantId } = actor;
    return this.database.transaction(async (q) => {
      const current = await q<{ value: string }>('DELETE FROM tags WHERE tenant_id = $1 AND id = $2 RETURNING value', [
        tenantId,
        id,
      ]);
      if (!current.rows[0]) throw notFound();
      const value = current.rows[0].value;
      const removed = await q<{ backup_id: number }>(
        'DELETE FROM backup_tags WHERE tenant_id = $1 AND lower(tag) = lower($2) RETURNING backup_id',
        [tenantId, value],
      );
      await this.rewriteSettings(q, tenantId, value, null);
      const backupCount = new Set(removed.rows.map((r) => r.backup_id)).size;
      await logActivity(q, actor, {
        action: 'Tag deleted',
        entityType: 'Tag',
        entityId: id,
        entityName: value,
        before: { TagValue: value, BackupCount: backupCount },
      });
      return { Id: id, TagValue: value, BackupCount: backupCount };
    });
  }

  /** Renames (or, with null, removes) a tag in the `Tags` list of template and plan settings. */
  private async rewriteSettings(q: QueryFn, tenantId: number, from: string, to: string | null): Promise<void> {
    for (const table of SETTINGS_TABLES) {
      await q(
        `UPDATE ${table} s SET settings = jsonb_set(s.settings, '{Tags}', COALESCE((
            SELECT jsonb_agg(v ORDER BY first) FROM (
              SELECT (array_agg(v ORDER BY n))[1] AS v, min(n) AS first FROM (
                SELECT CASE WHEN lower(e.v) = lower($2) THEN $3::text ELSE e.v END AS v, e.n
                  FROM jsonb_array_elements_text(s.settings->'Tags') WITH ORDINALITY AS e(v, n)
              ) renamed WHERE v IS NOT NULL GROUP BY lower(v)
            ) kept), '[]'::jsonb))
          WHERE s.tenant_id = $1 AND jsonb_typeof(s.settings->'Tags') = 'array'
            AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(s.settings->'Tags') AS e(v) WHERE lower(e.v) = lower($2))`,
        [tenantId, from, to],
      );
    }
  }
}
