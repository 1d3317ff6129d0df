import { z } from 'zod';
import { IsoDay } from './api-audit.ts';
import { Messages } from './messages.ts';
import { isEmail } from './validation.ts';
import { UserListItem } from './api-users.ts';

/** Admin Portal: a tenant's users, groups and account, platform administrators, statistics, jobs and error logs. */

const Email = z.string().trim().min(1, 'Email is required').max(320).refine(isEmail, Messages.invalidEmail);
const Name = z.string().trim().max(100);

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

// Platform administrators ------------------------------------------------------------------

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

// Statistics ---------------------------------------------------------------------------------

/** A date range of UTC days; the last 30 days when left out. */
export const StatisticsQuery = z.object({ From: IsoDay.optional(), To: IsoDay.optional() });
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;
export const STATISTICS_MAX_DAYS = 366;

const Range = { From: z.string(), To: z.string() };

export const TenantStatistics = z.object({
  ...Range,
  Total: z.number().int(),
  Enabled: z.number().int(),
  Disabled: z.number().int(),
  New: z.number().int(),
  BySubscription: z.array(z.object({ Status: z.string(), Count: z.number().int() })),
  Daily: z.array(z.object({ Day: z.string(), New: z.number().int() })),
});
export type TenantStatistics = z.infer<typeof TenantStatistics>;

export const EmailStatistics = z.object({
  ...Range,
  Total: z.number().int(),
  Processed: z.number().int(),
  /** Parsed, but only for backups not yet activated. */
  Inactive: z.number().int(),
  /** Not recognised, failed, or still waiting. */
  Other: z.number().int(),
  Bytes: z.number(),
  Tenants: z.number().int(),
  Daily: z.array(z.object({ Day: z.string(), Total: z.number().int(), Processed: z.number().int() })),
});
export type EmailStatistics = z.infer<typeof EmailStatistics>;

export const EmailStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Total: z.number().int(),
  Processed: z.number().int(),
  Inactive: z.number().int(),
  Other: z.number().int(),
  LastReceivedAt: z.string().nullable(),
});
export type EmailStatisticsRow = z.infer<typeof EmailStatisticsRow>;

export const BackupStatistics = z.object({
  ...Range,
  /** Backups as they are now. */
  Active: z.number().int(),
  Inactive: z.number().int(),
  Retired: z.number().int(),
  /** Results filed in the range. */
  Results: z.number().int(),
  Success: z.number().int(),
  Warning: z.number().int(),
  Failure: z.number().int(),
  Daily: z.array(
    z.object({ Day: z.string(), Success: z.number().int(), Warning: z.number().int(), Failure: z.number().int() }),
  ),
});
export type BackupStatistics = z.infer<typeof BackupStatistics>;

export const BackupStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Active: z.number().int(),
  Inactive: z.number().int(),
  Retired: z.number().int(),
  Results: z.number().int(),
  Failure: z.number().int(),
});
export type BackupStatisticsRow = z.infer<typeof BackupStatisticsRow>;

export const PublicApiStatistics = z.object({
  ...Range,
  Requests: z.number().int(),
  Rows: z.number(),
  Keys: z.number().int(),
  Tenants: z.number().int(),
  Daily: z.array(z.object({ Day: z.string(), Requests: z.number().int() })),
});
export type PublicApiStatistics = z.infer<typeof PublicApiStatistics>;

export const PublicApiStatisticsRow = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  Requests: z.number().int(),
  Rows: z.number(),
  Keys: z.number().int(),
  LastUsedAt: z.string().nullable(),
});
export type PublicApiStatisticsRow = z.infer<typeof PublicApiStatisticsRow>;

// Functions (jobs) and error logs ------------------------------------------------------------

/** One thing running on a tenant's behalf: `ok`, `warning` (needs a look) or `idle` (nothing yet). */
export const TenantFunctionStatus = z.object({
  Key: z.string(),
  Name: z.string(),
  State: z.enum(['ok', 'warning', 'idle']),
  LastAt: z.string().nullable(),
  Detail: z.string(),
});
export type TenantFunctionStatus = z.infer<typeof TenantFunctionStatus>;

export const QueueStatus = z.object({
  Name: z.string(),
  Cron: z.string().nullable(),
  Timezone: z.string().nullable(),
  Queued: z.number().int(),
  Active: z.number().int(),
  Retrying: z.number().int(),
  Failed: z.number().int(),
  Completed: z.number().int(),
  LastCompletedAt: z.string().nullable(),
  LastFailedAt: z.string().nullable(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

export const AdminFunctionsStatus = z.object({
  /** False when the job tables do not exist yet (no worker has started against this database). */
  Available: z.boolean(),
  Queues: z.array(QueueStatus),
  CheckedAt: z.string(),
});
export type AdminFunctionsStatus = z.infer<typeof AdminFunctionsStatus>;

export const ErrorLogTypes = ['server', 'client', 'job'] as const;
export type ErrorLogType = (typeof ErrorLogTypes)[number];

export const ErrorLogQuery = z.object({
  /** Repeated: `type=server&type=client`; every type when left out. */
  type: z
    .union([z.enum(ErrorLogTypes), z.array(z.enum(ErrorLogTypes))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  search: z.string().trim().max(200).optional(),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(50),
});

export const ErrorLogRow = z.object({
  Id: z.number().int(),
  Type: z.string(),
  Source: z.string(),
  Message: z.string(),
  Detail: z.string().nullable(),
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  UserEmail: z.string().nullable(),
  At: z.string(),
});
export type ErrorLogRow = z.infer<typeof ErrorLogRow>;

/** `POST /api/common/error`: what a browser reports about an error it met. */
export const ClientErrorReport = z.object({
  Message: z.string().trim().min(1, 'Message is required').max(2000),
  /** The page where it happened. */
  Url: z.string().max(2000).default(''),
  Stack: z.string().max(8000).optional(),
  /** What caught it: window.onerror, unhandledrejection, boundary. */
  Kind: z.string().max(40).default('error'),
});
export type ClientErrorReport = z.input<typeof ClientErrorReport>;
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
