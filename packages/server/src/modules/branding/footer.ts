import type { Database } from '../../db/client.ts';
import { tenantLogoImage } from './service.ts';

/** What a tenant's clients see of its brand in server-made files and mail. */
export interface TenantBrand {
  logo: { type: string; bytes: Buffer } | null;
  footerText: string | null;
  primaryColor: string | null;
}

/** A stored colour when it is a plain #rrggbb (what the Branding screen saves), else none. */
const colourOf = (value: string | null | undefined): string | null =>
  value && /^#[0-9a-f]{6}$/i.test(value) ? value : null;

/** A stored footer text, or null for none (blank counts as none). */
const footerOf = (text: string | null | undefined): string | null => text?.trim() || null;

/**
 * The logo, footer text and primary colour for the printed formats and report mail, read in one
 * query: the logo from `tenants.custom_logo` (what Settings → Branding saved), the rest from the
 * branding row.
 */
export async function tenantBrand(database: Database, tenantId: number): Promise<TenantBrand> {
  const r = await database.query<{
    custom_logo: string | null;
    footer_text: string | null;
    primary_color: string | null;
  }>(
    `SELECT t.custom_logo, b.footer_text, b.primary_color
       FROM tenants t LEFT JOIN tenant_branding b ON b.tenant_id = t.id
      WHERE t.id = $1`,
    [tenantId],
  );
  const row = r.rows[0];
  return {
    logo: await tenantLogoImage(database, row?.custom_logo ?? null),
    footerText: footerOf(row?.footer_text),
    primaryColor: colourOf(row?.primary_color),
  };
}

/** The footer text alone, for mail that carries no report. */
export async function tenantFooterText(database: Database, tenantId: number): Promise<string | null> {
  const r = await database.query<{ footer_text: string | null }>(
    'SELECT footer_text FROM tenant_branding WHERE tenant_id = $1',
    [tenantId],
  );
  return footerOf(r.rows[0]?.footer_text);
}

/** A mail's plain text with the footer text under it, after a blank line; unchanged without one. */
export function withFooter(text: string, footerText: string | null | undefined): string {
  const footer = footerOf(footerText);
  return footer ? `${text}\n\n${footer}` : text;
}
