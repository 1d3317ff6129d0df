import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/** Error body of platform §8: the client reads Message, then title, then error. */
export const ErrorBody = z.object({
  Message: z.string(),
  title: z.string().optional(),
  error: z.string().optional(),
  statusCode: z.number().int(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A query-string flag: "true"/"1" are true, "false"/"0" false (z.coerce.boolean would read "false" as true). */
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Default paging parameters (platform §3). */
export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  OrderAscending: QueryBoolean.optional(),
  OrderBy: z.string().max(64).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    Results: z.array(item),
    Page: z.number().int(),
    PageSize: z.number().int(),
    Total: z.number().int(),
    TotalPages: z.number().int(),
  });
}
export interface Paged<T> {
  Results: T[];
  Page: number;
  PageSize: number;
  Total: number;
  TotalPages: number;
}

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export const OkBody = z.object({ Message: z.string() });
