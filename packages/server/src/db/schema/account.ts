import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform.ts';
import { companies } from './backups.ts';

/**
 * Running the account and the platform: API keys and the public API, branding and uploaded
 * images, restriction groups, sign-in identities, plans, subscriptions and invoices, sign-up
 * (coupons, resellers, e-mail confirmation), app messages, support tickets and error logs.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Tenant API keys for the public REST API: the key is shown once; only its hash is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_tenant').on(t.tenantId)],
);

/** Public API requests per key and UTC day (statistics and rate insight). */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.day] }), index('api_key_usage_day').on(t.day)],
);

/**
 * Uploaded images (tenant logos): PNG bytes served publicly by an unguessable token, as the
 * upload screen tells the user.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('images_tenant').on(t.tenantId)],
);

/** A tenant's branding: logo (an image token) and colours; one row per tenant. */
export const tenantBranding = pgTable('tenant_branding', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  primaryColor: text('primary_color'),
  accentColor: text('accent_color'),
  /** Shown in report and e-mail footers. */
  footerText: text('footer_text'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Named sets of companies a restricted user may see (Settings → User Management → access groups). */
export const restrictionGroups = pgTable(
  'restriction_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('restriction_groups_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

export const restrictionGroupCompanies = pgTable(
  'restriction_group_companies',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => restrictionGroups.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.companyId] }),
    index('restriction_group_companies_company').on(t.companyId),
  ],
);

/** Restricted users ↔ restriction groups (a user sees the union of its groups' companies). */
export const userRestrictionGroups = pgTable(
  'user_restriction_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => restrictionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_restriction_groups_group').on(t.groupId)],
);

/** Sign-in identities of external providers (OpenID Connect: microsoft, google). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject').on(t.provider, t.subject)],
);

/** Subscription plans offered at sign-up and in Billing. Limits are in active units (backups). */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  handle: text('handle').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Price per interval in cents. */
  priceCents: integer('price_cents').notNull().default(0),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval').notNull().default('month'),
  /** Active units included; null means unlimited. */
  unitLimit: integer('unit_limit'),
  /** Price per unit over the limit, in cents (0: not allowed). */
  overageCents: integer('overage_cents').notNull().default(0),
  trialDays: integer('trial_days').notNull().default(0),
  isPublic: boolean('is_public').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The billing provider's price id (Stripe price), when the plan is sold through one. */
  providerPriceId: text('provider_price_id'),
  createdAt: createdAt(),
});

/** A tenant's subscription: one row per tenant. */
export const subscriptions = pgTable('subscriptions', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
  /** SubscriptionBillingProvider: None -1, LegacyStripe 0, Stripe 1, ScalePad 2, PolicyBasedStripe 128. */
  provider: integer('provider').notNull().default(-1),
  /** trialing, active, paused, past_due, canceled. */
  status: text('status').notNull().default('trialing'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  trialEndsAt: at('trial_ends_at'),
  currentPeriodEnd: at('current_period_end'),
  pausedAt: at('paused_at'),
  couponId: integer('coupon_id'),
  resellerId: integer('reseller_id'),
  /** Notes of the platform team (Admin Portal → Tenants). */
  notes: text('notes').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    /** draft, open, paid, void, uncollectible. */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    issuedAt: at('issued_at').notNull(),
    paidAt: at('paid_at'),
    providerInvoiceId: text('provider_invoice_id'),
    /** Where the provider shows or downloads it (Stripe hosted invoice page / PDF). */
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    lines: jsonb('lines')
      .$type<{ description: string; quantity: number; amountCents: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_tenant').on(t.tenantId, t.issuedAt),
    uniqueIndex('invoices_provider_id').on(t.providerInvoiceId),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** CouponType id from `api/constant/coupon-types` (percent off, amount off, extra trial days). */
    type: integer('type').notNull(),
    value: integer('value').notNull(),
    description: text('description').notNull().default(''),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code').on(sql`lower(${t.code})`)],
);

export const resellers = pgTable(
  'resellers',
  {
    id: serial('id').primaryKey(),
    /** The referral code in `signup/{reseller}` links. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('resellers_code').on(sql`lower(${t.code})`)],
);

/** E-mail confirmation of a sign-up (the user signs in only once confirmed). */
export const emailConfirmations = pgTable('email_confirmations', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** Addresses that asked for no more mail of a kind (`unsubscribe/{type}`). */
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    email: text('email').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.type] })],
);

/** Messages of the platform team shown in tenant browsers, pushed live. */
export const appMessages = pgTable('app_messages', {
  id: serial('id').primaryKey(),
  /** Info 1, Warning 2, Error 3. */
  severity: integer('severity').notNull(),
  /** Markdown. */
  text: text('text').notNull(),
  isDismissible: boolean('is_dismissible').notNull().default(true),
  /** Path patterns where it shows (empty: everywhere). */
  locations: jsonb('locations')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The system-mail outbox row it was sent as. */
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [index('support_tickets_tenant').on(t.tenantId)],
);

/** Errors of the server and of browsers (`POST api/common/error`), for Admin Portal → logs. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial('id').primaryKey(),
    /** server, client, job. */
    type: text('type').notNull(),
    source: text('source').notNull().default(''),
    message: text('message').notNull(),
    detail: text('detail'),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('error_logs_at').on(t.at), index('error_logs_type').on(t.type, t.at)],
);

/** Platform staff (hub users) a tenant has let into its account, until revoked or expired. */
export const tenantAccessGrants = pgTable(
  'tenant_access_grants',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The platform administrator let in; null grants every platform administrator. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('tenant_access_grants_tenant').on(t.tenantId)],
);
