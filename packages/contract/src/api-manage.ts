import { z } from 'zod';
import { ActivityAction, ActivityEntity } from './api-activity-actions.ts';

/**
 * Manage (platform §2, §3, §7; features §2.2, §3.5, §4.4, §4.7): what company rules, templates
 * and backup plans share — matching rules and backup settings — and the activity log.
 */

export const ActivityLogQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(500).default(50),
  Actions: z.array(ActivityAction).max(50).optional(),
  UserIds: z.array(z.number().int().positive()).max(200).optional(),
  EntityType: ActivityEntity.optional(),
  EntityId: z.string().max(64).optional(),
  Search: z.string().max(200).optional(),
  DateFrom: z.string().datetime({ offset: true }).optional(),
  DateTo: z.string().datetime({ offset: true }).optional(),
  OrderAscending: z.boolean().optional(),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuery>;

export const ActivityLogRow = z.object({
  Id: z.number().int(),
  CreatedAt: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  Action: z.string(),
  EntityType: z.string(),
  EntityId: z.string().nullable(),
  EntityName: z.string(),
  Before: z.unknown().nullable(),
  After: z.unknown().nullable(),
});
export type ActivityLogRow = z.infer<typeof ActivityLogRow>;
export const ActivityActionOption = z.object({ Value: z.string(), Label: z.string() });

export * from './api-rules.ts';
export * from './api-activity-actions.ts';
