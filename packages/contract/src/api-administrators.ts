// Platform administrators and their privileges, and the user search across tenants.
import { z } from 'zod';
import { Email, Name } from './api-admin-fields.ts';

/** Super 1, Success 2, Billing 4, Sales 8: at least one, nothing else. */
const AdminPrivileges = z
  .number()
  .int()
  .min(1, 'Choose at least one role')
  .max(15, 'Unknown role')
  .describe('Bit mask: Super 1, Success 2, Billing 4, Sales 8');

export const AdministratorRow = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Privileges: z.number().int(),
  /** The labels of the bits: Super, Success, Billing, Sales. */
  Roles: z.array(z.string()),
  IsEnabled: z.boolean(),
  MfaEnabled: z.boolean(),
  HasPassword: z.boolean(),
  LastLoginAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type AdministratorRow = z.infer<typeof AdministratorRow>;

export const AdministratorCreate = z.object({
  Email,
  FirstName: Name.default(''),
  LastName: Name.default(''),
  Privileges: AdminPrivileges,
});
export type AdministratorCreate = z.input<typeof AdministratorCreate>;

export const AdministratorUpdate = z.object({
  Id: z.number().int().positive(),
  FirstName: Name,
  LastName: Name,
  Privileges: AdminPrivileges,
  IsEnabled: z.boolean(),
});
export type AdministratorUpdate = z.infer<typeof AdministratorUpdate>;

/** `GET api/admin/users/search`: any user by e-mail or name, with the tenant it belongs to. */
export const UserSearchQuery = z.object({
  search: z.string().trim().min(2, 'Type at least 2 characters').max(100),
});
export const UserSearchHit = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Name: z.string(),
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  /** Platform administrator roles (empty for tenant users). */
  Roles: z.array(z.string()),
  LevelName: z.string(),
});
export type UserSearchHit = z.infer<typeof UserSearchHit>;
