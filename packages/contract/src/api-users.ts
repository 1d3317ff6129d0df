import { z } from 'zod';

/**
 * User management (platform §7 Users, Groups and permissions, Restriction groups; Settings →
 * User Management). Partner users are the MSP's own staff (Standard and Administrator levels,
 * standard groups); client users are the MSP's customers (Client level, client groups).
 */

export const UserLevelNames = ['Disabled', 'Client', 'Standard', 'Administrator'] as const;

export const UserMessages = {
  lastAdmin: 'At least one enabled administrator must remain: make another user an administrator first.',
  emailTaken: 'A user with this e-mail address already exists',
  groupTypeMismatch: 'Client users belong to a client group, standard users and administrators to a standard group',
  groupInUse: 'Move the users of this group to another group before deleting it',
  defaultGroup: 'The built-in groups cannot be deleted',
  groupNameTaken: 'A group with this name already exists',
  restrictionNameTaken: 'A restriction group with this name already exists',
  restrictedNeedsCompanies: 'A restricted user needs at least one company or restriction group',
  notYourself: 'You cannot do this to your own account',
  unknownCompany: 'One of the companies does not exist',
  unknownRestrictionGroup: 'One of the restriction groups does not exist',
  unknownPermission: 'Unknown permission',
} as const;

const Ids = z.array(z.number().int().positive()).max(5000);
const Name = (what: string, max = 100) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

/** One row of the partner or client user list. */
export const UserListItem = z.object({
  Id: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** UserLevel: 0 Disabled, 1 Client, 2 Standard, 3 Administrator. */
  Level: z.number().int(),
  LevelName: z.string(),
  GroupId: z.number().int().nullable(),
  GroupName: z.string().nullable(),
  IsEnabled: z.boolean(),
  MfaEnabled: z.boolean(),
  /** An administrator requires two-factor sign-in and the user has not set up an authenticator yet. */
  MfaSetupRequired: z.boolean(),
  IsCompanyRestricted: z.boolean(),
  /** False until the invited user chose a password. */
  HasPassword: z.boolean(),
  CreatedAt: z.string(),
  /**
   * In the users list: the names of the companies a client or company-restricted user sees (their
   * own and their restriction groups'), by name; empty for everyone else.
   */
  CompanyNames: z.array(z.string()).optional(),
});
export type UserListItem = z.infer<typeof UserListItem>;

/** `GET /api/user/{id}`: a user with its direct companies and restriction groups. */
export const UserDetail = UserListItem.extend({
  CompanyIds: z.array(z.number().int()),
  Companies: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  RestrictionGroupIds: z.array(z.number().int()),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const UserListQuery = z.object({
  includeDisabled: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

const userFields = {
  FirstName: z.string().trim().max(100).default(''),
  LastName: z.string().trim().max(100).default(''),
  GroupId: z.number().int().positive().nullable().optional(),
  IsCompanyRestricted: z.boolean().default(false),
  CompanyIds: Ids.default([]),
  RestrictionGroupIds: Ids.default([]),
};

/** `POST /api/user`: the user gets an e-mail with a link to choose a password. */
export const UserCreate = z.object({
  Email: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254),
  Level: z.number().int().min(1).max(3),
  ...userFields,
});
export type UserCreate = z.input<typeof UserCreate>;

/** `PUT /api/user/{id}`. Level 0 disables the user. */
export const UserUpdate = z.object({ Level: z.number().int().min(0).max(3), ...userFields });
export type UserUpdate = z.input<typeof UserUpdate>;

/** `POST /api/user/bulk-delete`, `bulk-new-password`, `enable-two-factor`, `disable-two-factor`. */
export const UserIds = z.object({ Ids: Ids.min(1, 'Select at least one user') });
export type UserIds = z.infer<typeof UserIds>;

export const BulkResult = z.object({ Message: z.string(), Count: z.number().int() });
export type BulkResult = z.infer<typeof BulkResult>;

export const NamedRef = z.object({ Id: z.number().int(), Name: z.string() });
export type NamedRef = z.infer<typeof NamedRef>;

/** `GET /api/common/users-auto-complete?search=`: tenant users matching a term. */
export const UserAutoComplete = z.object({ Id: z.number().int(), Email: z.string(), Name: z.string() });
export type UserAutoComplete = z.infer<typeof UserAutoComplete>;

/** `GET /api/user/sso`: whether client users may sign in with Microsoft or Google. */
export const SsoState = z.object({ ClientSsoEnabled: z.boolean() });
export type SsoState = z.infer<typeof SsoState>;

/** `GET /api/user/hub-users`: the platform staff and whether each may enter this tenant. */
export const HubUser = z.object({
  UserId: z.number().int().nullable(),
  Name: z.string(),
  Email: z.string().nullable(),
  HasAccess: z.boolean(),
  GrantedAt: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
  /** Who granted the access in force (name, or e-mail when the name is empty). */
  GrantedBy: z.string().nullable(),
  /** Whether that access is this administrator's own grant or the grant for all platform staff. */
  AccessVia: z.enum(['own', 'all']).nullable(),
});
export type HubUser = z.infer<typeof HubUser>;

/** `POST /api/user/grant-access` / `revoke-access`: a platform administrator, or null for all of them. */
export const AccessGrantInput = z.object({
  UserId: z.number().int().positive().nullable().default(null),
  Days: z.number().int().min(1).max(365).nullable().default(null),
});
export type AccessGrantInput = z.input<typeof AccessGrantInput>;

/** `GET /api/user-types`: how many users are of each type, and who looks misfiled. */
export const UserTypeSuggestion = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  CurrentType: z.enum(['standard', 'client']),
  SuggestedType: z.enum(['standard', 'client']),
  Reason: z.string(),
});
export type UserTypeSuggestion = z.infer<typeof UserTypeSuggestion>;

export const UserTypes = z.object({ Standard: z.number().int(), Client: z.number().int() });
export type UserTypes = z.infer<typeof UserTypes>;

export const UserTypeMigrate = z.object({
  Ids: Ids.min(1, 'Select at least one user'),
  Type: z.enum(['standard', 'client']),
});
export type UserTypeMigrate = z.infer<typeof UserTypeMigrate>;

// Groups

export const GroupInput = z.object({
  Name: Name('Name', 64),
  Description: z.string().trim().max(500).default(''),
  /** GroupType: 1 standard, 2 client. */
  Type: z.union([z.literal(1), z.literal(2)]),
  Permissions: z.array(z.string()).optional(),
});
export type GroupInput = z.input<typeof GroupInput>;

export const GroupUpdate = z.object({
  Id: z.number().int().positive().optional(),
  Name: Name('Name', 64),
  Description: z.string().trim().max(500).default(''),
});
export type GroupUpdate = z.input<typeof GroupUpdate>;

export const GroupCopy = z.object({ Name: Name('Name', 64).optional() });

export const GroupUser = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Name: z.string(),
  GroupId: z.number().int().nullable(),
  Level: z.number().int(),
});
export type GroupUser = z.infer<typeof GroupUser>;

/** `GET /api/permission/{type}`: the catalogue entries for a group type and each group's grants. */
export const PermissionEntry = z.object({ Key: z.string(), Controller: z.string(), Label: z.string() });
export type PermissionEntry = z.infer<typeof PermissionEntry>;
export const PermissionMatrix = z.object({
  Entries: z.array(PermissionEntry),
  Groups: z.array(z.object({ Id: z.number().int(), Name: z.string(), Permissions: z.array(z.string()) })),
});
export type PermissionMatrix = z.infer<typeof PermissionMatrix>;

export const PermissionToggle = z.object({
  GroupId: z.number().int().positive(),
  Permission: z.string().min(1),
  Enabled: z.boolean(),
});
export type PermissionToggle = z.infer<typeof PermissionToggle>;

// Restriction groups

export const RestrictionGroup = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Companies: z.array(NamedRef),
  UsersCount: z.number().int(),
});
export type RestrictionGroup = z.infer<typeof RestrictionGroup>;

/** `POST /api/restriction-group`: creates, or updates when Id is given. */
export const RestrictionGroupSave = z.object({
  Id: z.number().int().positive().optional(),
  Name: Name('Name', 100),
  Description: z.string().trim().max(500).default(''),
  CompanyIds: Ids.default([]),
});
export type RestrictionGroupSave = z.input<typeof RestrictionGroupSave>;
