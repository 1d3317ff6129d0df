import { z } from 'zod';
import { QueryBoolean } from './api-common.ts';
import { SECONDARY_PAGE_SIZE } from './constants.ts';
import { RuleSet } from './api-manage.ts';

/**
 * Companies (platform §3, §7 "Company (api/company)" and "Clients"; features §3.5): the client
 * companies of a tenant, their assignment rules and the client-id mapping that puts backups
 * under them.
 */

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

// Assignment rules ----------------------------------------------------------------------------

/** `GET/PUT api/company/{id}/rules`. */
export const CompanyRules = z.object({ CompanyId: z.number().int(), Rules: RuleSet });
export type CompanyRules = z.infer<typeof CompanyRules>;
export const CompanyRulesInput = z.object({ Rules: RuleSet });
export type CompanyRulesInput = z.infer<typeof CompanyRulesInput>;

/** A backup as the rule and mapping previews show it. */
export const MatchedBackup = z.object({
  Id: z.number().int(),
  /** The backup's current company, "- No company assigned -" when none. */
  CompanyName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Vendor: z.string(),
  ClientId: z.string().nullable(),
  State: z.string(),
  /** Other companies that claim the same backup (the backup is skipped on apply). */
  ConflictsWith: z.array(z.string()),
});
export type MatchedBackup = z.infer<typeof MatchedBackup>;

/** One company of the "Apply companies" preview (features §3.5). */
export const ApplyCompany = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Backups: z.array(MatchedBackup),
  HasConflict: z.boolean(),
});
export type ApplyCompany = z.infer<typeof ApplyCompany>;
export const ApplyCompaniesInput = z
  .object({ CompanyIds: z.array(z.number().int().positive()).max(5000).optional() })
  .nullish();
export const ApplyCompaniesAnswer = z.object({
  /** Backups given a company. */
  Assigned: z.number().int(),
  /** Backups skipped because more than one company claimed them. */
  Conflicts: z.number().int(),
  /** Companies that received backups. */
  Companies: z.number().int(),
});
export type ApplyCompaniesAnswer = z.infer<typeof ApplyCompaniesAnswer>;

/** `POST api/company/test`: the backups a rule set matches, without saving it. */
export const CompanyRulesTest = z.object({
  Rules: RuleSet,
  Size: z.number().int().min(1).max(200).default(50),
});
export const CompanyRulesTestAnswer = z.object({ Total: z.number().int(), Backups: z.array(MatchedBackup) });
export type CompanyRulesTestAnswer = z.infer<typeof CompanyRulesTestAnswer>;

// Client-id mapping (api/client) --------------------------------------------------------------

/** Where a client id comes from: a plus-address tag or a backup vendor's client id. */
export const ClientKind = z.enum(['Tag', 'Vendor']);
export type ClientKind = z.infer<typeof ClientKind>;
/** Exact: the id equals a company name or code (mapped automatically). Soft: equal once normalised (to verify). */
export const ClientMatch = z.enum(['Exact', 'Soft', 'None']);
export type ClientMatch = z.infer<typeof ClientMatch>;

/** `GET api/client/mapping`: every client id seen on the tenant's backups. */
export const ClientMappingRow = z.object({
  /** The saved mapping's id; null while the client id is not mapped by hand. */
  Id: z.number().int().nullable(),
  Kind: ClientKind,
  ClientId: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
  BackupCount: z.number().int(),
  /** Backups carrying the id that have no company yet. */
  UnassignedCount: z.number().int(),
  Match: ClientMatch,
  SuggestedCompanyId: z.number().int().nullable(),
  SuggestedCompanyName: z.string().nullable(),
});
export type ClientMappingRow = z.infer<typeof ClientMappingRow>;

/** A saved mapping (`GET api/client`). */
export const ClientMapping = z.object({
  Id: z.number().int(),
  Kind: ClientKind,
  ClientId: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
});
export type ClientMapping = z.infer<typeof ClientMapping>;

/** `PUT api/client/map`: map (or re-map) one client id. */
export const ClientMapInput = z.object({
  Kind: ClientKind,
  ClientId: z.string().trim().min(1, 'ClientId is a required field').max(200),
  CompanyId: z.number().int().positive(),
});
export type ClientMapInput = z.infer<typeof ClientMapInput>;
/** `PUT api/client/mapping/{id}`: change the company of a saved mapping. */
export const ClientMappingUpdate = z.object({ CompanyId: z.number().int().positive() });

/** `GET api/client/{kind}/{clientId}`: how one client id maps, and whether that is automatic. */
export const ClientLookup = z.object({
  Kind: ClientKind,
  ClientId: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
  IsAutoMap: z.boolean(),
  Match: ClientMatch,
});
export type ClientLookup = z.infer<typeof ClientLookup>;
