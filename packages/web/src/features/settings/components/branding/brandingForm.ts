// The branding form's colours, their check, the public-logo notice, and the body the API takes.
import type { BrandingInfo, BrandingInput } from '@vigil/contract';

export const HEX = /^#[0-9a-fA-F]{6}$/;
export const PUBLIC_LOGO_NOTICE =
  'Logo uploads are publicly accessible: anyone with the image address can open it, so it can show in reports, e-mails and shared dashboards.';

export interface ColoursForm {
  primary: string;
  accent: string;
}
export const formOf = (b: BrandingInfo): ColoursForm => ({
  primary: b.PrimaryColor ?? '',
  accent: b.AccentColor ?? '',
});

/** The saved branding with a new logo (or none) and, when given, new colours. */
export const brandingInput = (
  current: BrandingInfo,
  logo: string | null,
  f: ColoursForm = formOf(current),
): BrandingInput => ({
  Logo: logo,
  PrimaryColor: f.primary || null,
  AccentColor: f.accent || null,
  FooterText: current.FooterText,
});

/** What the branding preview shows: the logo, the colours (null: the product's) and the tenant's name. */
export interface PreviewValues {
  logo: string | null;
  primary: string | null;
  accent: string | null;
  tenantName: string;
}
