import { z } from 'zod';

/**
 * Switching a whole tenant off and on (Admin Portal → Tenants). A disabled tenant's users cannot
 * sign in, its API keys and shared dashboards stop answering, and its mail is still stored.
 */
export const TenantEnableParams = z.object({
  id: z.coerce.number().int().positive(),
  flag: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** `PUT api/admin/tenants/{id}/enable/{flag}`. */
export const TenantEnabled = z.object({
  TenantId: z.number().int(),
  IsEnabled: z.boolean(),
  /** Refresh tokens ended by switching the tenant off (0 when switching on). */
  SessionsEnded: z.number().int(),
});
export type TenantEnabled = z.infer<typeof TenantEnabled>;
