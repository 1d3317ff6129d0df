import { z } from 'zod';

/**
 * Tags (platform §3 "tags (TagValue)", §7 `GET/POST/PUT/DELETE /api/tags`, Settings → Tags):
 * the tenant's catalogue of backup tags. A tag value is unique in a tenant whatever its case.
 */

export const TagValue = z.string().trim().min(1, 'Tag is required').max(64, 'Tag must be at most 64 characters');

/** A catalogue entry with the number of backups that carry it. */
export const Tag = z.object({
  Id: z.number().int(),
  TagValue: z.string(),
  BackupCount: z.number().int(),
});
export type Tag = z.infer<typeof Tag>;

/** `POST /api/tags`. */
export const TagInput = z.object({ TagValue });
export type TagInput = z.infer<typeof TagInput>;

/**
 * `PUT /api/tags`: renames a tag on every backup. Renaming to the value of another tag merges
 * the two: the other tag keeps its spelling and id, this one goes.
 */
export const TagUpdate = z.object({ Id: z.number().int().positive(), TagValue });
export type TagUpdate = z.infer<typeof TagUpdate>;

/** `DELETE /api/tags?id={Id}`: the tag to delete, by its Id in the query string. */
export const TagDeleteQuery = z.object({ id: z.coerce.number().int().positive() });

/** What a delete removed: the tag and how many backups lost it. */
export const TagDeleted = z.object({ Id: z.number().int(), TagValue: z.string(), BackupCount: z.number().int() });
export type TagDeleted = z.infer<typeof TagDeleted>;
