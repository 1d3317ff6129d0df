import { z } from 'zod';
import { AWS_REGIONS } from './api-aws-regions.ts';
import { REPLIBIT_SOURCES } from './api-replibit.ts';

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
  'azure',
  'skykick',
  'redstor',
  'storagecraft',
  'replibit',
  'replibit-legacy',
  'msp',
]);
export type BackupSourceType = z.infer<typeof BackupSourceType>;

/** How a credential field is entered: `secret` fields are never returned; `choice` offers its `Options`. */
export const BackupSourceFieldKind = z.enum(['text', 'secret', 'url', 'choice']);

export interface BackupSourceField {
  /** The key under `Credentials`. */
  Key: string;
  Label: string;
  Kind: z.infer<typeof BackupSourceFieldKind>;
  Required: boolean;
  /** Shown in the empty field, and used when a non-required field is left empty. */
  Default?: string;
  /** The values a `choice` field offers. */
  Options?: { Id: string; Name: string }[];
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
  /** Built from incomplete public documentation; the card says "Beta". */
  Beta?: boolean;
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
      text('RoleArn', 'Role ARN', {
        Required: false,
        Help: 'A role to assume with these keys (e.g. arn:aws:iam::111122223333:role/BackupRead); leave empty to use the keys directly',
      }),
      text('ExternalId', 'External ID', { Required: false, Help: "The external ID the role's trust policy asks for" }),
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
  azure: {
    Type: 'azure',
    UrlType: 'azure',
    Title: 'Azure Backup',
    Vendor: 'Azure Backup',
    Logo: '/vendors/azure.svg',
    NameKey: 'Name',
    ProfileType: 'Azure Resource Manager (Recovery Services)',
    Fields: [
      text('TenantId', 'Directory (tenant) ID'),
      text('ClientId', 'Application (client) ID'),
      secret('ClientSecret', 'Client secret'),
      text('SubscriptionId', 'Subscription ID'),
      text('Vaults', 'Recovery Services vaults', {
        Help: 'One or more resourceGroup/vaultName, separated by commas',
      }),
      url('AuthorityUrl', 'Sign-in authority URL', {
        Required: false,
        Help: 'Leave empty for the Azure public cloud (https://login.microsoftonline.com)',
      }),
      url('ResourceManagerUrl', 'Resource Manager URL', {
        Required: false,
        Help: 'Leave empty for the Azure public cloud (https://management.azure.com)',
      }),
    ],
    DefaultIntervalMinutes: 30,
    CanRunBackup: false,
  },
  storagecraft: {
    Type: 'storagecraft',
    UrlType: 'storagecraft',
    Title: 'Arcserve ShadowControl',
    Vendor: 'StorageCraft ShadowProtect',
    Logo: '/vendors/storagecraft.svg',
    NameKey: 'Name',
    ProfileType: 'ShadowControl Report API',
    Fields: [
      url('Url', 'ShadowControl URL', { Help: 'The appliance address, for example https://shadowcontrol.example.com' }),
      secret('Token', 'Access token'),
    ],
    DefaultIntervalMinutes: 30,
    CanRunBackup: false,
    Beta: true,
  },
  skykick: {
    Type: 'skykick',
    UrlType: 'skykick',
    Title: 'SkyKick Cloud Backup',
    Vendor: 'SkyKick Cloud Backup',
    Logo: '/vendors/skykick.svg',
    NameKey: 'Name',
    ProfileType: 'SkyKick Partner Integration API',
    Fields: [
      url('ApiUrl', 'API URL', { Required: false, Default: 'https://apis.cloudservices.connectwise.com' }),
      text('ClientId', 'API client ID', {
        Help: 'The user ID shown with your subscription key on the developer portal',
      }),
      secret('SubscriptionKey', 'Subscription key'),
    ],
    DefaultIntervalMinutes: 60,
    CanRunBackup: false,
    Beta: true,
  },
  ...REPLIBIT_SOURCES,
  redstor: {
    Type: 'redstor',
    UrlType: 'redstor',
    Title: 'Redstor Pro',
    Vendor: 'Redstor Backup',
    Logo: '/vendors/redstor.svg',
    NameKey: 'Name',
    ProfileType: 'Redstor Storage Platform API',
    Fields: [
      text('UserName', 'User name'),
      secret('Password', 'Password'),
      url('ApiUrl', 'AccountServer URL', {
        Required: false,
        Help: "Only for a self-hosted AccountServer; leave empty to use the region's address",
      }),
    ],
    Regions: [
      { Id: 'uk', Name: 'UK and rest of world (api.pro.redstor.com)' },
      { Id: 'za', Name: 'South Africa (zaapi.pro.redstor.com)' },
    ],
    DefaultIntervalMinutes: 60,
    CanRunBackup: false,
    Beta: true,
  },
};
