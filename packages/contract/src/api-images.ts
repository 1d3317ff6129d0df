// Uploaded images (`api/common/image-upload`): where they are served and their tokens.
import { z } from 'zod';

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
