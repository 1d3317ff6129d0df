// The error log (Admin Portal) and the errors a browser reports.
import { z } from 'zod';

export const ErrorLogTypes = ['server', 'client', 'job'] as const;
export type ErrorLogType = (typeof ErrorLogTypes)[number];

export const ErrorLogQuery = z.object({
  /** Repeated: `type=server&type=client`; every type when left out. */
  type: z
    .union([z.enum(ErrorLogTypes), z.array(z.enum(ErrorLogTypes))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  search: z.string().trim().max(200).optional(),
  Page: z.coerce.number().int().min(1).default(1),
  Size: z.coerce.number().int().min(1).max(500).default(50),
});

export const ErrorLogRow = z.object({
  Id: z.number().int(),
  Type: z.string(),
  Source: z.string(),
  Message: z.string(),
  Detail: z.string().nullable(),
  TenantId: z.number().int().nullable(),
  TenantName: z.string().nullable(),
  UserEmail: z.string().nullable(),
  At: z.string(),
});
export type ErrorLogRow = z.infer<typeof ErrorLogRow>;

/** `POST /api/common/error`: what a browser reports about an error it met. */
export const ClientErrorReport = z.object({
  Message: z.string().trim().min(1, 'Message is required').max(2000),
  /** The page where it happened. */
  Url: z.string().max(2000).default(''),
  Stack: z.string().max(8000).optional(),
  /** What caught it: window.onerror, unhandledrejection, boundary. */
  Kind: z.string().max(40).default('error'),
});
export type ClientErrorReport = z.input<typeof ClientErrorReport>;
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
