import { z } from 'zod';
import { BrandingInfo, BrandingInput, ImageUploaded, ImageUploadQuery, MAX_FILE_SIZE } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { constantRoutes } from './constant-routes.ts';
import { BrandingService, sizeText, tooLarge } from './service.ts';
import { tenantRoutes } from './tenant-routes.ts';

const canBrand = { access: { permissions: ['settings.getBrandingInfo'] } };
const tags = ['Branding'];

/** Settings → Branding: the logo upload, the public image route and the branding itself. */
export function brandingRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const branding = new BrandingService(deps.database);

  r.post(
    '/api/common/image-upload',
    {
      config: canBrand,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: ImageUploadQuery,
        response: { 200: ImageUploaded },
      },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data in the field "file".', 'file');
      let found: { name: string; bytes: Buffer } | null = null;
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        // Count every byte so the message can say how large the file was; keep no more than the limit.
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size <= MAX_FILE_SIZE) chunks.push(chunk);
        }
        if (part.fieldname !== 'file' || found) continue;
        const name = part.filename || 'file';
        if (size > MAX_FILE_SIZE || part.file.truncated) {
          throw badRequest(tooLarge(name, sizeText(size), sizeText(MAX_FILE_SIZE)), 'file');
        }
        found = { name, bytes: Buffer.concat(chunks) };
      }
      if (!found || !found.bytes.length) throw badRequest('Attach a PNG image in the field "file".', 'file');
      return branding.upload(tenantId, req.auth.userId, found.name, found.bytes);
    },
  );

  r.get(
    '/api/image/:token',
    {
      config: { access: { public: true } },
      schema: { tags, params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }) },
    },
    async (req, reply) => {
      const image = await branding.image(req.params.token);
      if (!image) throw notFound();
      // A token names one upload and never changes: cache for a year; other sites (mail) may embed it.
      return reply
        .type(image.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes);
    },
  );

  r.get('/api/branding-info', { config: canBrand, schema: { tags, response: { 200: BrandingInfo } } }, async (req) =>
    branding.get(tenantOf(req)),
  );

  r.post(
    '/api/branding-info',
    { config: canBrand, schema: { tags, body: BrandingInput, response: { 200: BrandingInfo } } },
    async (req) => branding.save(tenantOf(req), req.body),
  );

  tenantRoutes(app, deps);
  constantRoutes(app);
}
