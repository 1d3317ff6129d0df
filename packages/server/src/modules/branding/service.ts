import { randomBytes } from 'node:crypto';
import {
  DEFAULT_BRANDING_ID,
  IMAGE_MAX_SIDE,
  imageToken,
  imageUrl,
  type BrandingInfo,
  type BrandingInput,
  type ImageUploaded,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { pngSize } from './png.ts';

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=]+)$/;

export const notPng = (name: string) => `File "${name}" has invalid type. Allowed types: image/png`;
export const tooLarge = (name: string, size: string, max: string) =>
  `File "${name}" size is ${size}. Max size is ${max}`;
export const tooBig = (w: number, h: number) =>
  `The image is ${w}×${h} pixels. Its larger side must be at most ${IMAGE_MAX_SIDE} pixels.`;
export const logoNotOurs = 'The logo must be an image uploaded for this tenant.';

/** 7340032 → "7 MB", 7340033 → "7.00 MB" (sizes in the upload messages of features §5.4). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(2)} ${units[i]}`;
}

/**
 * The logo of a tenant for the server-side renderers (PDF and Excel reports, scheduled report
 * mail, shared dashboards): an uploaded image named by its URL, or an inline data URL kept from
 * before uploads existed. Anything else counts as no logo.
 */
export async function tenantLogoImage(
  database: Database,
  customLogo: string | null,
): Promise<{ type: string; bytes: Buffer } | null> {
  const inline = customLogo ? DATA_URL.exec(customLogo) : null;
  if (inline) return { type: inline[1], bytes: Buffer.from(inline[2], 'base64') };
  const token = imageToken(customLogo);
  if (!token) return null;
  const r = await database.query<{ content_type: string; data: Buffer }>(
    'SELECT content_type, data FROM images WHERE token = $1',
    [token],
  );
  const row = r.rows[0];
  return row ? { type: row.content_type, bytes: Buffer.from(row.data) } : null;
}

interface BrandingRow {
  tenant_id: number;
  token: string | null;
  primary_color: string | null;
  accent_color: string | null;
  footer_text: string | null;
}

export class BrandingService {
  constructor(private readonly database: Database) {}

  /** Stores a checked PNG under a fresh unguessable token. */
  async upload(tenantId: number, userId: number, name: string, bytes: Buffer): Promise<ImageUploaded> {
    const size = pngSize(bytes);
    if (!size) throw badRequest(notPng(name), 'file');
    if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) {
      throw badRequest(tooBig(size.width, size.height), 'file');
    }
    const token = randomBytes(24).toString('base64url');
    await this.database.transaction(async (q) => {
      // Uploads never saved as the logo are dropped after a day: they are public while they exist.
      await q(
        `DELETE FROM images i WHERE i.tenant_id = $1 AND i.created_at < now() - interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM tenant_branding b WHERE b.logo_image_id = i.id)`,
        [tenantId],
      );
      await q(
        `INSERT INTO images (tenant_id, token, content_type, width, height, data, created_by)
         VALUES ($1, $2, 'image/png', $3, $4, $5, $6)`,
        [tenantId, token, size.width, size.height, bytes, userId],
      );
    });
    return { Value: imageUrl(token), Width: size.width, Height: size.height };
  }

  /** The public image by token. */
  async image(token: string): Promise<{ type: string; bytes: Buffer } | null> {
    const r = await this.database.query<{ content_type: string; data: Buffer }>(
      'SELECT content_type, data FROM images WHERE token = $1',
      [token],
    );
    return r.rows[0] ? { type: r.rows[0].content_type, bytes: Buffer.from(r.rows[0].data) } : null;
  }

  async get(tenantId: number): Promise<BrandingInfo> {
    const r = await this.database.query<BrandingRow>(
      `SELECT b.tenant_id, i.token, b.primary_color, b.accent_color, b.footer_text
         FROM tenant_branding b LEFT JOIN images i ON i.id = b.logo_image_id
        WHERE b.tenant_id = $1`,
      [tenantId],
    );
    const row = r.rows[0];
    if (!row) return { Id: DEFAULT_BRANDING_ID, Logo: null, PrimaryColor: null, AccentColor: null, FooterText: null };
    return {
      Id: String(row.tenant_id),
      Logo: row.token ? imageUrl(row.token) : null,
      PrimaryColor: row.primary_color,
      AccentColor: row.accent_color,
      FooterText: row.footer_text,
    };
  }

  /**
   * Saves the branding. The logo is also written to `tenants.custom_logo`, which the shell,
   * reports, report mail and shared dashboards read. A replaced logo stops being served.
   */
  async save(tenantId: number, input: BrandingInput): Promise<BrandingInfo> {
    const token = input.Logo === null ? null : imageToken(input.Logo);
    if (input.Logo !== null && !token) throw badRequest(logoNotOurs, 'Logo');
    await this.database.transaction(async (q) => {
      let imageId: number | null = null;
      if (token) {
        const img = await q<{ id: number }>('SELECT id FROM images WHERE token = $1 AND tenant_id = $2', [
          token,
          tenantId,
        ]);
        if (!img.rows[0]) throw badRequest(logoNotOurs, 'Logo');
        imageId = img.rows[0].id;
      }
      const before = await q<{ logo_image_id: number | null }>(
        'SELECT logo_image_id FROM tenant_branding WHERE tenant_id = $1 FOR UPDATE',
        [tenantId],
      );
      await q(
        `INSERT INTO tenant_branding (tenant_id, logo_image_id, primary_color, accent_color, footer_text, updated_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (tenant_id) DO UPDATE SET logo_image_id = $2, primary_color = $3, accent_color = $4,
           footer_text = $5, updated_at = now()`,
        [tenantId, imageId, input.PrimaryColor, input.AccentColor, input.FooterText || null],
      );
      await q('UPDATE tenants SET custom_logo = $2 WHERE id = $1', [tenantId, token ? imageUrl(token) : null]);
      const old = before.rows[0]?.logo_image_id;
      if (old && old !== imageId) await q('DELETE FROM images WHERE id = $1 AND tenant_id = $2', [old, tenantId]);
    });
    return this.get(tenantId);
  }
}
