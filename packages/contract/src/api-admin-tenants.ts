// Admin Portal tenant drawer: a tenant's users, groups, added users and account overview.
import { z } from 'zod';
import { UserListItem } from './api-users.ts';
import { Email, Name } from './api-admin-fields.ts';

/** A tenant's user as the Admin Portal lists it: the Settings user row plus sign-in facts. */
export const AdminTenantUser = UserListItem.omit({ IsCompanyRestricted: true }).extend({
  EmailConfirmed: z.boolean(),
  LastLoginAt: z.string().nullable(),
});
export type AdminTenantUser = z.infer<typeof AdminTenantUser>;

export const AdminTenantGroup = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  /** GroupType: Standard or Client. */
  Type: z.number().int(),
  IsDefault: z.boolean(),
  UsersCount: z.number().int(),
  PermissionsCount: z.number().int(),
});
export type AdminTenantGroup = z.infer<typeof AdminTenantGroup>;

/** `POST api/admin/tenants/{id}/user`: the user gets an e-mail with a link to choose a password. */
export const AdminAddTenantUser = z.object({
  Email,
  FirstName: Name.default(''),
  LastName: Name.default(''),
  /** Client 1, Standard 2, Administrator 3. */
  Level: z.number().int().min(1, 'Level must be Client, Standard or Administrator').max(3),
  /** A group of that tenant; the level's default group when left out. */
  GroupId: z.number().int().positive().nullish(),
});
export type AdminAddTenantUser = z.input<typeof AdminAddTenantUser>;

/** The account side of a tenant shown in its Admin Portal drawer. */
export const AdminTenantOverview = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Slug: z.string(),
  IsEnabled: z.boolean(),
  TimeZoneId: z.string(),
  CreatedAt: z.string(),
  DeleteRequestedAt: z.string().nullable(),
  Subscription: z
    .object({
      PlanName: z.string().nullable(),
      Status: z.string(),
      Provider: z.number().int(),
      TrialEndsAt: z.string().nullable(),
      CurrentPeriodEnd: z.string().nullable(),
      PausedAt: z.string().nullable(),
      Notes: z.string(),
    })
    .nullable(),
  ActiveBackups: z.number().int(),
  EmailsLast30Days: z.number().int(),
  LastEmailAt: z.string().nullable(),
});
export type AdminTenantOverview = z.infer<typeof AdminTenantOverview>;
