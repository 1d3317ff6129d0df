// The company dropdown and company create, rename, update, replace and delete.
import { z } from 'zod';
import { QueryBoolean } from './api-common.ts';
import { SECONDARY_PAGE_SIZE } from './constants.ts';
import { CompanyCode, CompanyName, CompanyTypeValue } from './api-company-list.ts';

/** `GET api/company/autocomplete` (the company dropdown: next page on scroll, re-query while typing). */
export const CompanyAutocompleteQuery = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(SECONDARY_PAGE_SIZE),
  /** Only companies of this type. */
  type: z.coerce.number().int().min(0).max(1).optional(),
  includeLocal: QueryBoolean.optional(),
});
export const CompanyOption = z.object({ Id: z.number().int(), Name: z.string(), Type: CompanyTypeValue });
export type CompanyOption = z.infer<typeof CompanyOption>;
export const CompanyOptionPage = z.object({
  Results: z.array(CompanyOption),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
  TotalPages: z.number().int(),
});
export type CompanyOptionPage = z.infer<typeof CompanyOptionPage>;

/** `POST api/company/create`: the body is the bare JSON string of the name. */
export const CompanyCreate = CompanyName;
export const CompanyRename = z.object({ Id: z.number().int().positive(), Name: CompanyName });
export type CompanyRename = z.infer<typeof CompanyRename>;
export const CompanyUpdate = z.object({
  Id: z.number().int().positive(),
  Name: CompanyName,
  /** Empty or null clears the plus-address tag. */
  Code: CompanyCode.nullable().optional(),
});
export type CompanyUpdate = z.infer<typeof CompanyUpdate>;
export const CompanyReplace = z.object({
  Id: z.number().int().positive(),
  ReplaceWithId: z.number().int().positive(),
});
export type CompanyReplace = z.infer<typeof CompanyReplace>;
export const CompanyReplaceAnswer = z.object({
  Id: z.number().int(),
  ReplaceWithId: z.number().int(),
  MovedBackups: z.number().int(),
  MovedMappings: z.number().int(),
});
export const CompanyDeleteAnswer = z.object({ Id: z.number().int(), UnassignedBackups: z.number().int() });
