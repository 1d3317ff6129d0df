// Sign-up, coupons and resellers, and accounts opened by a platform admin (re-exports the sign-up resource files).
import { z } from 'zod';

/** `POST api/admin/tenants`: a platform admin opens an account for an MSP with its first administrator. */
export const AdminTenantCreate = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  AdminEmail: z.string().trim().max(320),
  AdminFirstName: z.string().trim().min(1, 'First name is required').max(100),
  AdminLastName: z.string().trim().min(1, 'Last name is required').max(100),
  PlanHandle: z.string().max(100).nullish(),
  TimeZoneId: z.string().max(64).nullish(),
});
export type AdminTenantCreate = z.input<typeof AdminTenantCreate>;

export const AdminTenantCreated = z.object({
  TenantId: z.number().int(),
  Name: z.string(),
  Slug: z.string(),
  InboundEmail: z.string(),
  AdminUserId: z.number().int(),
  AdminEmail: z.string(),
  Message: z.string(),
});
export type AdminTenantCreated = z.infer<typeof AdminTenantCreated>;

export * from './api-coupon-types.ts';
export * from './api-signup-form.ts';
export * from './api-signup-checks.ts';
export * from './api-coupons.ts';
