import { z } from 'zod';

/**
 * IT Glue, the documentation integration under Integration › Other (platform §7 `itglue` with
 * `settings-options`; features §2.1, §2.6). A connection holds the account's region and API key
 * (sealed at rest, never returned), maps IT Glue organisations to companies, and pushes each
 * mapped company's protection summary into a flexible asset or onto its configurations.
 */

export const ITGLUE_REGIONS = [
  { Id: 'us', Name: 'United States', BaseUrl: 'https://api.itglue.com' },
  { Id: 'eu', Name: 'Europe', BaseUrl: 'https://api.eu.itglue.com' },
  { Id: 'au', Name: 'Australia', BaseUrl: 'https://api.au.itglue.com' },
] as const;

export const ItGlueRegion = z.enum(['us', 'eu', 'au']);
export type ItGlueRegion = z.infer<typeof ItGlueRegion>;

/** Where the summary goes: one flexible asset per company, or the notes of each matched configuration. */
export const ItGlueMode = z.enum(['FlexibleAsset', 'Configuration']);
export type ItGlueMode = z.infer<typeof ItGlueMode>;

export const ITGLUE_MODES: { Id: ItGlueMode; Name: string }[] = [
  { Id: 'FlexibleAsset', Name: 'One flexible asset per company' },
  { Id: 'Configuration', Name: 'Configurations matched by device name' },
];

/** The flexible asset fields (name keys) a push fills when the chosen type has them. */
export const ITGLUE_TRAITS = [
  'name',
  'backups',
  'succeeded',
  'warned',
  'failed',
  'no-result',
  'last-good-backups',
  'vigil-audit',
  'last-push',
] as const;

export const ItGlueSourceBody = z.object({
  Id: z.number().int().positive().optional(),
  Name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  Region: ItGlueRegion,
  /** Another address for the region's API (a proxy or a lab); the region's own when empty. */
  BaseUrl: z.string().trim().max(500).nullish(),
  /** Required on create; null or empty on update keeps the stored key. */
  ApiKey: z.string().trim().max(500).nullish(),
  Mode: ItGlueMode.default('FlexibleAsset'),
  FlexibleAssetTypeId: z.number().int().positive().nullish(),
  ConfigurationTypeId: z.number().int().positive().nullish(),
  Enabled: z.boolean().optional(),
});
export type ItGlueSourceBody = z.input<typeof ItGlueSourceBody>;

export interface ItGlueSourceRow {
  Id: number;
  Name: string;
  Region: ItGlueRegion;
  BaseUrl: string;
  /** Always null: the key is never returned. */
  ApiKey: null;
  /** True when a key is stored. */
  HasApiKey: boolean;
  Mode: ItGlueMode;
  FlexibleAssetTypeId: number | null;
  ConfigurationTypeId: number | null;
  Enabled: boolean;
  LastPushAt: string | null;
  LastPushError: string | null;
  MappedCount: number;
  OrganizationCount: number;
}

export interface ItGlueNamed {
  Id: number;
  Name: string;
}

export interface ItGlueSettingsOptions {
  Regions: { Id: ItGlueRegion; Name: string; BaseUrl: string }[];
  Modes: { Id: ItGlueMode; Name: string }[];
  Traits: string[];
  /** The account's types; empty without `Id` (no connection to ask). */
  FlexibleAssetTypes: ItGlueNamed[];
  ConfigurationTypes: ItGlueNamed[];
}

export const ItGlueOptionsQuery = z.object({ Id: z.coerce.number().int().positive().max(2147483647).optional() });

export interface ItGluePushState {
  /** Pushed or Failed. */
  Status: 'Pushed' | 'Failed';
  Message: string | null;
  PushedAt: string;
  AssetId: string | null;
  Configurations: number;
}

export interface ItGlueOrganizationRow {
  OrganizationId: string;
  OrganizationName: string;
  CompanyId: number | null;
  CompanyName: string | null;
  /** Matched by name, not chosen by a user. */
  Auto: boolean;
  LastPush: ItGluePushState | null;
}

export interface ItGlueCompanyRow {
  Id: number;
  Name: string;
  OrganizationId: string | null;
}

export interface ItGlueMapping {
  Organizations: ItGlueOrganizationRow[];
  Companies: ItGlueCompanyRow[];
}

export const ItGlueMappingBody = z.object({
  Mappings: z
    .array(
      z.object({
        OrganizationId: z.string().min(1).max(50),
        CompanyId: z.number().int().positive().nullable(),
      }),
    )
    .max(5000),
});
export type ItGlueMappingBody = z.infer<typeof ItGlueMappingBody>;

export interface ItGluePushResult {
  Pushed: number;
  Failed: number;
  Companies: { CompanyId: number; CompanyName: string; Status: 'Pushed' | 'Failed'; Message: string | null }[];
}
