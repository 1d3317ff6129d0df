// Fields shared by the public REST API payloads (not part of the public contract index).
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { PUBLIC_API_MAX_PAGE_SIZE } from './api-key-settings.ts';

export const Size = z.coerce
  .number()
  .int()
  .min(1, 'must be at least 1')
  .max(PUBLIC_API_MAX_PAGE_SIZE, `must be at most ${PUBLIC_API_MAX_PAGE_SIZE} (page through larger sets with Page)`)
  .default(DEFAULT_PAGE_SIZE);

export const Id = z.coerce.number().int().positive();
