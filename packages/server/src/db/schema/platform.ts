import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Process-wide settings shared by every node (the token signing secret lives here). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  unifiedId: uuid('unified_id').notNull().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  timeZoneId: text('time_zone_id').notNull().default('UTC'),
  country: text('country').notNull().default('US'),
  dateFormat: text('date_format').notNull().default('MM/DD/yyyy'),
  timeFormat: text('time_format').notNull().default('hh:mm A'),
  subscription: text('subscription').notNull().default('trial'),
  emailDomain: text('email_domain'),
  customLogo: text('custom_logo'),
  /** Further domains of the MSP's own users' addresses (emailDomain is the primary one). */
  secondaryEmailDomains: jsonb('secondary_email_domains')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  autoUpgrade: boolean('auto_upgrade').notNull().default(true),
  /** Set when the tenant asked for its account to be deleted (Settings → Tenant). */
  deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
  /** Client users may sign in with Microsoft or Google. */
  clientSsoEnabled: boolean('client_sso_enabled').notNull().default(false),
  scalePadTenantId: text('scalepad_tenant_id'),
  createdAt: createdAt(),
});

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: integer('type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    permissions: jsonb('permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_tenant_name').on(t.tenantId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    unifiedId: uuid('unified_id').notNull().defaultRandom(),
    /** Null for platform administrators, who belong to no tenant. */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    /** UserLevel for tenant users (0 disabled … 3 administrator). */
    level: integer('level').notNull().default(2),
    /** Platform admin bits (super 1, success 2, billing 4, sales 8); 0 for tenant users. */
    adminPrivileges: integer('admin_privileges').notNull().default(0),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isCompanyRestricted: boolean('is_company_restricted').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The set-up step (its token id) the pending secret was made for; another step never sees it. */
    mfaPendingFor: text('mfa_pending_for'),
    /** Last TOTP time step accepted, so a code cannot be replayed. */
    mfaLastStep: integer('mfa_last_step').notNull().default(0),
    /** Set by an admin's "enable two-factor": the next sign-in must set up an authenticator before it completes. */
    mfaSetupRequired: boolean('mfa_setup_required').notNull().default(false),
    /** False from sign-up until the e-mailed confirmation link is opened. */
    emailConfirmed: boolean('email_confirmed').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Raised when the password changes or sessions are ended: access tokens of an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email').on(sql`lower(${t.email})`), index('users_tenant').on(t.tenantId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For an impersonation session: the platform admin behind it. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_expires').on(t.expiresAt)],
);

/**
 * Two-factor recovery codes: ten one-time codes issued when an authenticator is enrolled (or on
 * request), each usable once at sign-in instead of the authenticator's code. Only a salted hash is kept.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<salt hex>:<sha256 hex of salt and code>`. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const loginActivities = pgTable(
  'login_activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_activities_at').on(t.at)],
);

export const featureFlags = pgTable('feature_flags', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  status: integer('status').notNull().default(0),
  tenantIds: jsonb('tenant_ids')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  description: text('description').notNull().default(''),
});

/** Every message the platform sends; in development this is the whole transport. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    transport: text('transport').notNull(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_sent_at').on(t.sentAt)],
);
