// Client ids and their mappings to companies (`api/client`).
import { z } from 'zod';

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

/**
 * `GET api/client/integrations`: backups found by API backup sources (method Api), with the vendor,
 * the source that found them and their last result (Companies → backup-client → integrations).
 */
export const ClientIntegrationQuery = z.object({ companyId: z.coerce.number().int().positive().optional() });
export const ClientIntegrationRow = z.object({
  BackupId: z.number().int(),
  Vendor: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  State: z.string(),
  SourceId: z.number().int(),
  SourceType: z.string(),
  SourceName: z.string(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string().nullable(),
  /** Day status of the backup now (platform §4): 0 none yet. */
  CurrentStatus: z.number().int(),
  LastResultAt: z.string().nullable(),
});
export type ClientIntegrationRow = z.infer<typeof ClientIntegrationRow>;
