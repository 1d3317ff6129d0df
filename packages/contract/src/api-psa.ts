import { z } from 'zod';
import { CrmType } from './enums.ts';

/**
 * PSA (CRM) integrations (platform §3 CRM types, §7 Integrations; features §3.3, §4.3).
 *
 * A tenant links one PSA at a time (its "CRM source"). Each vendor has its own credential form;
 * every secret is sealed at rest and never returned (reads give `null` and a `Has…` flag; an
 * update that leaves a secret null keeps the stored one). Base URLs are full URLs so a test or an
 * on-premises install can point anywhere; outside development only https is accepted.
 */

export type CrmTypeValue = (typeof CrmType)[keyof typeof CrmType];

/** The vendor segment of `api/integration/crm/{vendor}`. */
export const CrmVendor = z.enum([
  'autotask',
  'connectwise',
  'halopsa',
  'haloitsm',
  'kaseyabms',
  'servicenow',
  'syncromsp',
]);
export type CrmVendor = z.infer<typeof CrmVendor>;

export const CRM_VENDORS: Record<CrmVendor, { type: CrmTypeValue; label: string }> = {
  autotask: { type: CrmType.Autotask, label: 'Autotask' },
  connectwise: { type: CrmType.ConnectWise, label: 'ConnectWise Manage' },
  halopsa: { type: CrmType.HaloPsa, label: 'HaloPSA' },
  haloitsm: { type: CrmType.HaloITSM, label: 'HaloITSM' },
  kaseyabms: { type: CrmType.KaseyaBms, label: 'Kaseya BMS' },
  servicenow: { type: CrmType.ServiceNow, label: 'ServiceNow' },
  syncromsp: { type: CrmType.SyncroMsp, label: 'SyncroMSP' },
};

export function vendorOfType(type: number): CrmVendor | null {
  const hit = Object.entries(CRM_VENDORS).find(([, v]) => v.type === type);
  return hit ? (hit[0] as CrmVendor) : null;
}

/** Board-based PSAs (features §5.1): boards load for these. */
export const BOARD_TYPES: readonly CrmTypeValue[] = [
  CrmType.Autotask,
  CrmType.ConnectWise,
  CrmType.HaloPsa,
  CrmType.HaloITSM,
  CrmType.KaseyaBms,
];
/** DefaultCrmBoard and TicketPriority are required for these. */
export const BOARD_REQUIRED_TYPES: readonly CrmTypeValue[] = [CrmType.Autotask, CrmType.ConnectWise, CrmType.KaseyaBms];
/** Sources load for these. */
export const SOURCE_TYPES: readonly CrmTypeValue[] = [
  CrmType.Autotask,
  CrmType.ConnectWise,
  CrmType.HaloPsa,
  CrmType.HaloITSM,
  CrmType.ServiceNow,
];
/** The help-desk types: TicketTypeId required; changing it clears the statuses. */
export const HELPDESK_TYPES: readonly CrmTypeValue[] = [CrmType.HaloPsa, CrmType.HaloITSM];

const url = z.string().trim().min(1, 'URL is required').max(500);
const req = (label: string) => z.string().trim().min(1, `${label} is required`).max(500);
/** A secret on update: null (or omitted) keeps the stored value. */
const secret = (label: string) => req(label).nullable().optional();

/** ConnectWise Manage: Basic auth of `{CompanyId}+{PublicKey}:{PrivateKey}` and a `clientId` header. */
export const ConnectWiseCredentials = z.object({
  /** e.g. https://api-na.myconnectwise.net (the codebase path is discovered). */
  Url: url,
  CompanyId: req('Company ID'),
  PublicKey: req('Public key'),
  PrivateKey: secret('Private key'),
  ClientId: req('Client ID'),
});
/** Autotask REST: `UserName`, `Secret` and `ApiIntegrationcode` headers; the zone URL comes from the regions list. */
export const AutotaskCredentials = z.object({
  Url: url,
  UserName: req('API user name'),
  Secret: secret('Secret'),
  IntegrationCode: req('Integration code'),
});
/** HaloPSA and HaloITSM: OAuth2 client credentials against the authorisation server. */
export const HaloCredentials = z.object({
  /** The resource server, e.g. https://acme.halopsa.com */
  Url: url,
  /** The authorisation server; blank means `{Url}/auth`. */
  AuthUrl: z.string().trim().max(500).nullable().optional(),
  ClientId: req('Client ID'),
  ClientSecret: secret('Client secret'),
  /** Hosted instances name their tenant. */
  Tenant: z.string().trim().max(200).nullable().optional(),
});
/** Kaseya BMS: user name and password exchanged for a bearer token. */
export const KaseyaBmsCredentials = z.object({
  Url: url,
  Tenant: req('Company name'),
  UserName: req('User name'),
  Password: secret('Password'),
});
/** ServiceNow: the instance URL and a basic-auth integration user. */
export const ServiceNowCredentials = z.object({
  Url: url,
  UserName: req('User name'),
  Password: secret('Password'),
});
/** SyncroMSP: the account's API base (https://{subdomain}.syncromsp.com) and an API token. */
export const SyncroCredentials = z.object({
  Url: url,
  ApiKey: secret('API key'),
});

export const CREDENTIALS: Record<CrmVendor, z.ZodObject<z.ZodRawShape>> = {
  autotask: AutotaskCredentials,
  connectwise: ConnectWiseCredentials,
  halopsa: HaloCredentials,
  haloitsm: HaloCredentials,
  kaseyabms: KaseyaBmsCredentials,
  servicenow: ServiceNowCredentials,
  syncromsp: SyncroCredentials,
};
/** The credential fields that are secrets, per vendor. */
export const SECRET_FIELDS: Record<CrmVendor, string[]> = {
  autotask: ['Secret'],
  connectwise: ['PrivateKey'],
  halopsa: ['ClientSecret'],
  haloitsm: ['ClientSecret'],
  kaseyabms: ['Password'],
  servicenow: ['Password'],
  syncromsp: ['ApiKey'],
};

/** Body of create / validate / update: a name and the vendor's credentials. */
export const CrmIntegrationInput = z.object({
  Name: z.string().trim().max(200).nullable().optional(),
  Credentials: z.record(z.string(), z.unknown()),
});
export type CrmIntegrationInput = z.infer<typeof CrmIntegrationInput>;

/** `GET api/integration/crm/{vendor}/{id}`: credentials with secrets null and `Has{Field}` true. */
export interface CrmIntegration {
  Id: number;
  CrmTypeId: CrmTypeValue;
  Vendor: CrmVendor;
  Name: string;
  Credentials: Record<string, unknown>;
  IsValid: boolean;
  LastValidatedAt: string | null;
  LastError: string | null;
  LastSyncAt: string | null;
  LastSyncStatus: OperationStatus | null;
  CompaniesCount: number;
  TicketProfileId: number | null;
  CreatedAt: string;
}

/** `GET api/integration/crm`: the current config (CrmTypeId 0 and Id null when none). */
export interface CrmCurrentConfig {
  CrmTypeId: CrmTypeValue;
  Id: number | null;
  Vendor: CrmVendor | null;
  Name: string | null;
}

/** `POST …/validate`: the answer of a live call to the PSA. */
export interface CrmValidation {
  IsValid: boolean;
  Message: string;
}

/** Runtime status of syncs and preloads (features §4.3). */
export const OperationStatus = z.enum(['pending', 'completed', 'error', 'cancelled']);
export type OperationStatus = z.infer<typeof OperationStatus>;
/** The generic failure text of a failed preload. */
export const OPERATION_FAILED = 'Something went wrong';

export interface CrmOperation<T = unknown> {
  QueryId: string;
  Kind: 'companies-sync' | 'filters-sync' | 'configuration-filters' | 'company-filters' | 'companies';
  Status: OperationStatus;
  Message: string | null;
  StartedAt: string;
  FinishedAt: string | null;
  Data: T | null;
}

/** A filter option of the PSA: a company type, or a company status (with IsActive). */
export interface CrmFilterOption {
  Id: string;
  Name: string;
  IsActive?: boolean;
  Selected: boolean;
}
/** `GET/POST api/integration/crm/{id}/filters`: which PSA companies sync. */
export const CrmFilters = z.object({
  Types: z.array(z.string()).max(500),
  Statuses: z.array(z.string()).max(500),
  SyncCompaniesWithoutType: z.boolean(),
  SyncCompaniesWithoutStatus: z.boolean(),
});
export type CrmFilters = z.infer<typeof CrmFilters>;
export interface CrmFiltersView extends CrmFilters {
  TypeOptions: CrmFilterOption[];
  StatusOptions: CrmFilterOption[];
}
/** `GET/PATCH …/filters/properties`: how syncs behave. */
export const CrmFilterProperties = z.object({
  /** Sync companies every night as well as on demand. */
  AutoSync: z.boolean(),
  /** Companies gone from the PSA (or filtered out) become local companies instead of staying PSA ones. */
  DetachMissing: z.boolean(),
});
export type CrmFilterProperties = z.infer<typeof CrmFilterProperties>;

/** A PSA company as listed by a preload or sync. */
export interface PsaCompany {
  Id: string;
  Name: string;
  Identifier: string | null;
  TypeIds: string[];
  StatusId: string | null;
  IsActive: boolean;
}

/** `POST …/companies/sync` result data. */
export interface CompanySyncResult {
  Created: number;
  Updated: number;
  Detached: number;
  Total: number;
}

/**
 * A property lookup entry (boards, statuses, priorities, …). Id is always text (ServiceNow's
 * sys_ids and choice values are text); profile forms hold ids as strings anyway.
 */
export interface PsaOption {
  Id: string;
  Name: string;
  /** The source marked default (features §3.3 "defaultFlag"). */
  IsDefault?: boolean;
  /** A board status that closes tickets. */
  IsClosed?: boolean;
  /** ServiceNow priorities: derived from urgency and impact. */
  Urgency?: string;
  Impact?: string;
  /** Company statuses: whether the status counts as active. */
  IsActive?: boolean;
}

/** The two kinds of company filter options. */
export type PsaFilterKind = 'types' | 'statuses';

/** The lookups of `api/integration/crm/{id}/…`; each vendor supports a subset (others answer 404). */
export const PSA_LOOKUPS = [
  'service-boards',
  'priorities',
  'board-statuses',
  'board-types',
  'board-subtypes',
  'board-items',
  'ticket-categories',
  'sources',
  'categories',
  'subcategories',
  'urgencies',
  'impacts',
  'groups',
  'ticket-types',
  'callers',
  'note-types',
] as const;
export type PsaLookup = (typeof PSA_LOOKUPS)[number];

/** A stored PSA response kept for support (secrets removed). */
export interface StoredResponse {
  Id: number;
  At: string;
  Method: string;
  Path: string;
  Status: number;
  DurationMs: number;
  Size: number;
}

/** `GET api/integration/autotask/regions`. */
export interface AutotaskRegion {
  Id: string;
  Name: string;
  Url: string;
}

/** `POST …/{vendor}/validate`: with `Id`, secrets left null are taken from that stored integration. */
export const CrmValidateInput = CrmIntegrationInput.extend({
  Id: z.number().int().positive().nullable().optional(),
});
export type CrmValidateInput = z.infer<typeof CrmValidateInput>;

/** `POST …/preload/company-filters` body: filters to try before saving them (the saved ones when absent). */
export const CompanyFiltersPreloadInput = z.object({ Filters: CrmFilters.nullable().optional() });
export type CompanyFiltersPreloadInput = z.infer<typeof CompanyFiltersPreloadInput>;

/** Data of a `company-filters` preload: the PSA companies the filters let through. */
export interface CompanyFiltersPreview {
  Total: number;
  Matching: number;
  Companies: PsaCompany[];
}
