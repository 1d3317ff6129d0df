// Company lists (`api/company/list`): type, name and code fields, query, rows and pages.
import { z } from 'zod';
import { SECONDARY_PAGE_SIZE } from './constants.ts';

/** Company type (features §3.4, `CompanyType` in enums): Psa 0 (synced from a PSA, shows a "PSA" chip) or Local 1. */
export const CompanyTypeValue = z.union([z.literal(0), z.literal(1)]);

export const CompanyName = z
  .string()
  .trim()
  .min(1, 'Name is a required field')
  .max(200, 'Name must be at most 200 characters');

/** The plus-address tag of a company: backups e-mailed to tenant+code@… are assigned to it. */
export const CompanyCode = z
  .string()
  .trim()
  .max(64, 'Code must be at most 64 characters')
  .regex(/^[A-Za-z0-9._-]*$/, 'Code may contain only letters, digits, dots, dashes and underscores');

/** `POST api/company/list` (features §3.5). Company lists default to 20 a page (features §9). */
export const CompanyListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(1000).default(SECONDARY_PAGE_SIZE),
  Name: z.string().max(200).optional(),
  /** false hides companies without an active backup. */
  IncludeEmpty: z.boolean().default(true),
  /** false hides local companies (only PSA ones remain). */
  IncludeLocal: z.boolean().default(true),
  OrderBy: z.enum(['Name', 'BackupCount', 'Type']).optional(),
  OrderAscending: z.boolean().optional(),
});
export type CompanyListQuery = z.input<typeof CompanyListQuery>;

export const CompanyListItem = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Type: CompanyTypeValue,
  Code: z.string().nullable(),
  PsaId: z.string().nullable(),
  /** Active backups of the company. */
  BackupCount: z.number().int(),
  HasRules: z.boolean(),
});
export type CompanyListItem = z.infer<typeof CompanyListItem>;

export const CompanyPagination = z.object({
  page: z.number().int(),
  total: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});
export const CompanyListPage = z.object({ data: z.array(CompanyListItem), pagination: CompanyPagination });
export type CompanyListPage = z.infer<typeof CompanyListPage>;

export const Company = CompanyListItem.extend({
  /** Backups of the company in any state but retired. */
  AllBackupCount: z.number().int(),
  CreatedAt: z.string(),
});
export type Company = z.infer<typeof Company>;
