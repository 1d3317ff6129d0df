import { z } from 'zod';

/**
 * Branding, tenant settings and their option lists (platform §7 Branding, Tenant configuration,
 * Constants and Common; features §5.4 and §9).
 */

/** `GET /api/tenants/info`. */
export const TenantInfo = z.object({
  Id: z.number().int(),
  UnifiedId: z.string(),
  Name: z.string(),
  InboundEmail: z.string(),
  Subscription: z.string(),
  CreatedAt: z.string(),
  IsEnabled: z.boolean(),
  AutoUpgrade: z.boolean(),
  DeleteRequestedAt: z.string().nullable(),
  TimeZoneId: z.string(),
  Country: z.string(),
});
export type TenantInfo = z.infer<typeof TenantInfo>;

/** `GET /api/tenants/id`. */
export const TenantIds = z.object({ TenantId: z.number().int(), TenantUnifiedId: z.string() });

export const FlagParam = z.object({ flag: z.enum(['true', 'false']).transform((v) => v === 'true') });

/** `PUT /api/tenants/{id}/subscription-notes` (platform admins). */
export const SubscriptionNotesInput = z.object({
  TenantSubscriptionNotes: z.string().max(4000, 'Notes must be at most 4000 characters'),
});
/** `PUT /api/tenants/{id}/scalepad-tenant` (platform admins); null or empty unlinks. */
export const ScalePadTenantInput = z.object({
  ScalePadTenantId: z.string().trim().max(100).nullable(),
});
export const TenantAdminResult = z.object({
  TenantId: z.number().int(),
  TenantSubscriptionNotes: z.string(),
  ScalePadTenantId: z.string().nullable(),
});

export * from './api-images.ts';
export * from './api-branding-info.ts';
export * from './api-date-formats.ts';
export * from './api-tenant-config.ts';
