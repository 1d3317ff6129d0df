// Tenant configuration (`api/tenants/config`) and the MSP's own e-mail domains.
import { z } from 'zod';
import { isDomain } from './validation.ts';
import { DATE_FORMATS, TIME_FORMATS } from './api-date-formats.ts';

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
