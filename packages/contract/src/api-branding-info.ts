// A tenant's branding (`api/branding-info`): logo and colours, and the product's defaults.
import { z } from 'zod';

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
