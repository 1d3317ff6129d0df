import { z } from 'zod';

export const DateTimeFormat = z.object({
  DateFormat: z.string(),
  TimeFormat: z.string(),
  DateTimeFormat: z.string(),
});

/** GET api/common/settings: what the shell needs about the signed-in tenant. */
export const CommonSettings = z.object({
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  CustomLogo: z.string().nullable(),
  /** Branding colours (Settings → Branding); null while the product colours apply. */
  PrimaryColor: z.string().nullable().optional(),
  AccentColor: z.string().nullable().optional(),
  /** Branding footer text for the tenant's printed reports and report window; null when none. */
  FooterText: z.string().nullable().optional(),
  DateTimeFormat,
  EmailDomain: z.string().nullable(),
  HasPsaCompanies: z.boolean(),
  TimeZoneId: z.string(),
  FeatureFlags: z.record(z.string(), z.boolean()),
  /** The tenant's backup-plans setting (Settings → Tenant); Audit hides when the flag is on and this is off. */
  BackupPlansEnabled: z.boolean().optional(),
  /** Main-menu external links (platform §2); null hides the entry. */
  ProductIdeasUrl: z.string().nullable().optional(),
  ProductUpdatesUrl: z.string().nullable().optional(),
  /** The third-party in-app guidance tool (features §7); null when it is off. */
  Guidance: z.object({ AppKey: z.string(), ScriptUrl: z.string(), Region: z.string() }).nullable().optional(),
});
export type CommonSettings = z.infer<typeof CommonSettings>;

export const GroupRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Type: z.number().int(),
  IsDefault: z.boolean(),
  Permissions: z.array(z.string()),
  UsersCount: z.number().int(),
});
export type GroupRow = z.infer<typeof GroupRow>;

export const UserRow = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Level: z.string(),
  GroupId: z.number().int().nullable(),
  MfaEnabled: z.boolean(),
  IsEnabled: z.boolean(),
});
export type UserRow = z.infer<typeof UserRow>;
