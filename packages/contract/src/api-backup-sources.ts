import { z } from 'zod';
import { AWS_REGIONS } from './api-aws-regions.ts';

/**
 * Backup-vendor API sources (platform §7 Integrations; features §2 Integration routes, §3.4
 * side menu, §4.3 runtime status).
 *
 * A tenant links any number of sources per vendor. Each source is polled on an interval; the
 * sessions it reports are filed as results (SourceType `Api`) through the same path as e-mail
 * results. Secrets are sealed at rest and never returned: a read gives `null` for each secret
 * field and lists it in `Stored`; an update that leaves a secret null or empty keeps the stored one.
 */

/** The `{type}` segment of `api/integration/{type}` for the vendors that are built. */
export const BackupSourceType = z.enum([
  'datto',
  'veeam',
  'veeam-legacy',
  'acronis',
  'solarwinds',
  'cloudberry',
  'comet',
  'slide',
  'dropsuite',
  'aws',
]);
export type BackupSourceType = z.infer<typeof BackupSourceType>;

/** How a credential field is entered: `secret` fields are never returned. */
export const BackupSourceFieldKind = z.enum(['text', 'secret', 'url']);

export interface BackupSourceField {
  /** The key under `Credentials`. */
  Key: string;
  Label: string;
  Kind: z.infer<typeof BackupSourceFieldKind>;
  Required: boolean;
  /** Shown in the empty field, and used when a non-required field is left empty. */
  Default?: string;
  Help?: string;
}

export interface BackupSourceRegion {
  Id: string;
  Name: string;
}

/** Integration descriptor (features §3.4): what the screens need to show and edit a vendor's sources. */
export interface BackupSourceDescriptor {
  Type: BackupSourceType;
  /** The route segment under /app/integration/backup/. */
  UrlType: BackupSourceType;
  Title: string;
  /** The vendor name results and backups carry (the same name its e-mail parser uses). */
  Vendor: string;
  Logo: string;
  /** Which field names a source: its Name or its ProfileName. */
  NameKey: 'Name' | 'ProfileName';
  ProfileType: string;
  /** A feature flag that must be on for the tenant, when the vendor is gated. */
  Flag?: string;
  Fields: BackupSourceField[];
  Regions?: BackupSourceRegion[];
  /** Minutes between polls when the source does not say otherwise. */
  DefaultIntervalMinutes: number;
  /** The vendor can start a backup on request ("Backup Now"). */
  CanRunBackup: boolean;
}

const text = (key: string, label: string, extra: Partial<BackupSourceField> = {}): BackupSourceField => ({
  Key: key,
  Label: label,
  Kind: 'text',
  Required: true,
  ...extra,
});
const secret = (key: string, label: string): BackupSourceField => ({
  Key: key,
  Label: label,
  Kind: 'secret',
  Required: true,
});
const url = (key: string, label: string, extra: Partial<BackupSourceField> = {}): BackupSourceField => ({
  Key: key,
  Label: label,
  Kind: 'url',
  Required: true,
  ...extra,
});

export const BACKUP_SOURCES: Record<BackupSourceType, BackupSourceDescriptor> = {
  datto: {
    Type: 'datto',
    UrlType: 'datto',
    Title: 'Datto',
    Vendor: 'Datto',
    Logo: '/vendors/datto.svg',
    NameKey: 'Name',
    ProfileType: 'Datto REST API',
    Fields: [
      url('ApiUrl', 'API URL', { Required: false, Default: 'https://api.datto.com' }),
      text('PublicKey', 'Public key'),
      secret('SecretKey', 'Secret key'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  veeam: {
    Type: 'veeam',
    UrlType: 'veeam',
    Title: 'Veeam Service Provider Console',
    Vendor: 'Veeam',
    Logo: '/vendors/veeam.svg',
    NameKey: 'Name',
    ProfileType: 'VSPC REST API v3',
    Flag: 'brVeeamApi',
    Fields: [
      url('Url', 'Console URL', { Help: 'For example https://vspc.example.com:1280' }),
      secret('ApiKey', 'API key'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  'veeam-legacy': {
    Type: 'veeam-legacy',
    UrlType: 'veeam-legacy',
    Title: 'Veeam Backup Enterprise Manager',
    Vendor: 'Veeam',
    Logo: '/vendors/veeam.svg',
    NameKey: 'Name',
    ProfileType: 'Enterprise Manager REST API',
    Flag: 'brVeeamApi',
    Fields: [
      url('Url', 'Enterprise Manager URL', { Help: 'For example https://em.example.com:9398' }),
      text('UserName', 'User name'),
      secret('Password', 'Password'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  acronis: {
    Type: 'acronis',
    UrlType: 'acronis',
    Title: 'Acronis Cyber Protect Cloud',
    Vendor: 'Acronis',
    Logo: '/vendors/acronis.svg',
    NameKey: 'Name',
    ProfileType: 'Acronis Account Management and Task Manager APIs',
    Fields: [
      url('DataCenterUrl', 'Data center URL', { Help: 'For example https://eu2-cloud.acronis.com' }),
      text('ClientId', 'API client ID'),
      secret('ClientSecret', 'API client secret'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  solarwinds: {
    Type: 'solarwinds',
    UrlType: 'solarwinds',
    Title: 'N-able Cove Data Protection',
    Vendor: 'Cove Data Protection',
    Logo: '/vendors/cove.svg',
    NameKey: 'Name',
    ProfileType: 'Cove JSON-RPC management API',
    Fields: [
      text('PartnerName', 'Partner name'),
      text('UserName', 'User name'),
      secret('Password', 'Password'),
      url('ApiUrl', 'API URL', { Required: false, Help: "Leave empty to use the region's address" }),
    ],
    Regions: [{ Id: 'global', Name: 'Global (api.backup.management)' }],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  cloudberry: {
    Type: 'cloudberry',
    UrlType: 'cloudberry',
    Title: 'MSP360 Managed Backup',
    Vendor: 'MSP360',
    Logo: '/vendors/msp360.svg',
    NameKey: 'Name',
    ProfileType: 'MSP360 API',
    Fields: [
      url('ApiUrl', 'API URL', { Required: false, Default: 'https://api.mspbackups.com' }),
      text('UserName', 'API user name'),
      secret('Password', 'API password'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  comet: {
    Type: 'comet',
    UrlType: 'comet',
    Title: 'Comet Backup',
    Vendor: 'Comet Backup',
    Logo: '/vendors/comet.svg',
    NameKey: 'Name',
    ProfileType: 'Comet Server admin API',
    Fields: [url('Url', 'Comet Server URL'), text('UserName', 'Admin user name'), secret('Password', 'Admin password')],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
  slide: {
    Type: 'slide',
    UrlType: 'slide',
    Title: 'Slide',
    Vendor: 'Slide',
    Logo: '/vendors/slide.svg',
    NameKey: 'Name',
    ProfileType: 'Slide API',
    Flag: 'brSlide',
    Fields: [
      url('ApiUrl', 'API URL', { Required: false, Default: 'https://api.slide.tech' }),
      secret('ApiToken', 'API token'),
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: true,
  },
  dropsuite: {
    Type: 'dropsuite',
    UrlType: 'dropsuite',
    Title: 'Dropsuite',
    Vendor: 'Dropsuite',
    Logo: '/vendors/dropsuite.svg',
    NameKey: 'Name',
    ProfileType: 'Dropsuite partner API',
    Fields: [
      url('ApiUrl', 'API URL', { Help: 'The partner API URL shown under Settings → API Settings' }),
      text('ResellerToken', 'Reseller token'),
      secret('AuthenticationToken', 'Authentication token'),
    ],
    DefaultIntervalMinutes: 60,
    CanRunBackup: false,
  },
  aws: {
    Type: 'aws',
    UrlType: 'aws',
    Title: 'AWS Backup',
    Vendor: 'AWS Backup',
    Logo: '/vendors/aws.svg',
    NameKey: 'Name',
    ProfileType: 'AWS Backup API',
    Flag: 'brAwsApi',
    Fields: [
      text('AccessKeyId', 'Access key ID'),
      secret('SecretAccessKey', 'Secret access key'),
      text('AdditionalRegions', 'More regions', {
        Required: false,
        Help: 'Other regions to read as well, separated by commas (e.g. us-east-1, eu-west-1)',
      }),
      url('Endpoint', 'Endpoint URL', { Required: false, Help: 'Only for a VPC endpoint; leave empty for AWS' }),
    ],
    Regions: AWS_REGIONS,
    DefaultIntervalMinutes: 30,
    CanRunBackup: false,
  },
};

export const BackupSourceHealth = z.enum(['Pending', 'Healthy', 'Unhealthy']);
export type BackupSourceHealth = z.infer<typeof BackupSourceHealth>;
/** Runtime status of a sync (features §4.3). */
export const BackupSourceSyncStatus = z.enum(['idle', 'pending', 'completed', 'error', 'cancelled']);
export type BackupSourceSyncStatus = z.infer<typeof BackupSourceSyncStatus>;

/** POST api/integration/{type}: creates a source, or updates the one named by `Id`. */
export const BackupSourceBody = z.object({
  Id: z.number().int().positive().optional(),
  Name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  Region: z.string().max(100).nullish(),
  Enabled: z.boolean().optional(),
  IntervalMinutes: z.number().int().min(5, 'Interval must be at least 5 minutes').max(1440).optional(),
  Credentials: z.record(z.string(), z.string().max(4000).nullable()),
});
export type BackupSourceBody = z.infer<typeof BackupSourceBody>;

export interface BackupSourceRow {
  Id: number;
  Type: BackupSourceType;
  Name: string;
  Region: string | null;
  Enabled: boolean;
  IntervalMinutes: number;
  /** Non-secret fields as stored; secret fields are null. */
  Credentials: Record<string, string | null>;
  /** The secret fields that hold a stored value. */
  Stored: string[];
  Health: BackupSourceHealth;
  SyncStatus: BackupSourceSyncStatus;
  LastSyncAt: string | null;
  LastSuccessAt: string | null;
  LastError: string | null;
  ConsecutiveFailures: number;
  NextSyncAt: string | null;
  BackupCount: number;
  CreatedAt: string;
}

/** GET api/integration/backups: one card per vendor the tenant may use. */
export interface BackupIntegrationCard {
  Descriptor: BackupSourceDescriptor;
  SourceCount: number;
  UnhealthyCount: number;
}

/** GET api/integration/{type}/{id}/companies: the vendor's customers and the company each maps to. */
export interface BackupSourceCompany {
  ExternalId: string;
  ExternalName: string;
  CompanyId: number | null;
  CompanyName: string | null;
  BackupCount: number;
}

/** GET /api/backup/side-menu/{id} (features §3.4). */
export interface SideMenuDevice {
  DeviceName: string;
  Hostname: string | null;
  Appliance: string | null;
  Company: string | null;
  BootDate: string | null;
  AgentVersion: string | null;
  Platform: string | null;
  PlatformVersion: string | null;
  Manufacturer: string | null;
  FirmwareType: string | null;
  IpAddresses: string[];
  MacAddresses: string[];
  EncryptionAlgorithm: string | null;
  DeviceId: string;
}
export interface SideMenuAppliance {
  ApplianceName: string;
  Hostname: string | null;
  Model: string | null;
  Service: string | null;
  Company: string | null;
  Version: string | null;
  BootDate: string | null;
  IpAddresses: string[];
  MacAddresses: string[];
  SerialNumber: string | null;
  ApplianceId: string;
  SlideUrl: string | null;
  ProtectedDevices: { BackupId: number | null; DeviceName: string; DeviceId: string }[];
}
export interface SideMenuData {
  DeviceName: string;
  SlideUrl: string | null;
  Device: SideMenuDevice | null;
  Appliance: SideMenuAppliance | null;
}
export interface SideMenuResponse {
  IntegrationType: BackupSourceType;
  Data: SideMenuData;
}
