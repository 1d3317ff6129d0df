import { z } from 'zod';
import { DateTimeFormat } from './api-tenant.ts';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from './constants.ts';
import { isDomain } from './validation.ts';

/**
 * Branding, tenant settings and their option lists (platform §7 Branding, Tenant configuration,
 * Constants and Common; features §5.4 and §9).
 */

/** Where an uploaded image is served (public: the upload screen says so). */
export const IMAGE_PATH = '/api/image/';
export const imageUrl = (token: string) => `${IMAGE_PATH}${token}`;
/** The token of one of our image URLs, or null for anything else. */
export function imageToken(url: string | null | undefined): string | null {
  const m = url ? /^\/api\/image\/([A-Za-z0-9_-]{16,64})$/.exec(url) : null;
  return m ? m[1] : null;
}

export const ImageUploadQuery = z.object({
  isTenantLogo: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** `POST api/common/image-upload`: the image value (its public URL) and its size. */
export const ImageUploaded = z.object({
  Value: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
});
export type ImageUploaded = z.infer<typeof ImageUploaded>;

const Color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #1e6bd6')
  .transform((v) => v.toLowerCase());

/** `GET api/branding-info`: Id is 'default' (platform §9) while the tenant has no branding of its own. */
export const BrandingInfo = z.object({
  Id: z.string(),
  Logo: z.string().nullable(),
  PrimaryColor: z.string().nullable(),
  AccentColor: z.string().nullable(),
  FooterText: z.string().nullable(),
});
export type BrandingInfo = z.infer<typeof BrandingInfo>;

/** `POST api/branding-info`: Logo is an image value from the upload, or null for the product logo. */
export const BrandingInput = z.object({
  Logo: z.string().nullable(),
  PrimaryColor: Color.nullable(),
  AccentColor: Color.nullable(),
  FooterText: z.string().trim().max(200, 'Footer text must be at most 200 characters').nullable(),
});
export type BrandingInput = z.infer<typeof BrandingInput>;

/** The product's own colours, used while a tenant has none. */
export const DEFAULT_BRANDING = { PrimaryColor: '#1e6bd6', AccentColor: '#14b8a6' } as const;

/** Date and time patterns offered in Settings → Tenant (tokens of the web formatter). */
export const DATE_FORMATS = [DEFAULT_DATE_FORMAT, 'DD/MM/yyyy', 'yyyy-MM-DD', 'DD.MM.yyyy', 'M/D/yyyy', 'D/M/yyyy'];
export const TIME_FORMATS = [DEFAULT_TIME_FORMAT, 'h:mm A', 'HH:mm', 'H:mm'];

/** A date written with one of the patterns above, in UTC (for examples). */
export function formatExample(at: Date, pattern: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = at.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const tokens: Record<string, string> = {
    yyyy: String(at.getUTCFullYear()),
    MM: pad(at.getUTCMonth() + 1),
    M: String(at.getUTCMonth() + 1),
    DD: pad(at.getUTCDate()),
    D: String(at.getUTCDate()),
    HH: pad(h),
    H: String(h),
    hh: pad(h12),
    h: String(h12),
    mm: pad(at.getUTCMinutes()),
    A: h < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/yyyy|MM|M|DD|D|HH|H|hh|h|mm|A/g, (t) => tokens[t] ?? t);
}

export const FormatOption = z.object({ Value: z.string(), Example: z.string() });
/** `GET api/common/date-time-formats`. */
export const DateTimeFormats = z.object({
  DateFormats: z.array(FormatOption),
  TimeFormats: z.array(FormatOption),
  Default: DateTimeFormat,
});
export type DateTimeFormats = z.infer<typeof DateTimeFormats>;

/** Time zone option (features §3.5). */
export const TimeZoneOption = z.object({ TimeZoneId: z.string(), TimeZoneTitle: z.string() });
export type TimeZoneOption = z.infer<typeof TimeZoneOption>;
/** `POST api/common/timezone/find`: an exact id first, then zones whose id or title contains the text. */
export const TimeZoneFind = z.object({ Text: z.string().trim().min(1, 'Text is required').max(100) });

export const Country = z.object({ Id: z.string(), Name: z.string() });
export type Country = z.infer<typeof Country>;

/** Comma, space or line separated domains → a clean list (lower case, no duplicates). */
export function splitDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const domainMessage = (v: string) => `${v} is not correct domain value`;
const Domain = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine(isDomain, { error: (i) => domainMessage(String(i.input)) });

/** `GET /api/tenants/config`. */
export const TenantConfig = z.object({
  Name: z.string(),
  PrimaryUserEmailDomain: z.string().nullable(),
  SecondaryUserEmailDomains: z.array(z.string()),
  TimeZoneId: z.string(),
  Country: z.string(),
  DateFormat: z.string(),
  TimeFormat: z.string(),
  DateTimeFormat: z.string(),
  AutoUpgrade: z.boolean(),
  IsEnabled: z.boolean(),
  DeleteRequestedAt: z.string().nullable(),
});
export type TenantConfig = z.infer<typeof TenantConfig>;

/** `PUT /api/tenants/config`. Each domain must be a domain (features §5.4). */
export const TenantConfigInput = z
  .object({
    Name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    PrimaryUserEmailDomain: z.union([Domain, z.literal('').transform(() => null)]).nullable(),
    SecondaryUserEmailDomains: z.array(Domain).max(20, 'At most 20 secondary domains'),
    TimeZoneId: z.string().min(1, 'Time zone is required'),
    Country: z.string().length(2, 'Country is required'),
    DateFormat: z.enum(DATE_FORMATS as [string, ...string[]], { error: 'Choose a date format from the list' }),
    TimeFormat: z.enum(TIME_FORMATS as [string, ...string[]], { error: 'Choose a time format from the list' }),
  })
  .refine((v) => !v.PrimaryUserEmailDomain || !v.SecondaryUserEmailDomains.includes(v.PrimaryUserEmailDomain), {
    path: ['SecondaryUserEmailDomains'],
    error: 'The primary domain is already set; remove it from the secondary domains',
  });
export type TenantConfigInput = z.input<typeof TenantConfigInput>;

/** `GET /api/tenants/email-domains`: the domains of the MSP's own users. */
export const TenantEmailDomains = z.object({
  PrimaryUserEmailDomain: z.string().nullable(),
  SecondaryUserEmailDomains: z.array(z.string()),
  Domains: z.array(z.string()),
});

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
