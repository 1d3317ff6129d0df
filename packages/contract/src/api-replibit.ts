import type { BackupSourceDescriptor, BackupSourceField } from './api-backup-sources.ts';

/**
 * Axcient x360Recover (formerly Replibit) sources and the naming conventions their backups follow
 * (platform §7 Common: GET /api/common/GetReplibitNamingConventions), and the `msp` source.
 */

/** How a backup read from a Replibit/x360Recover source is named. */
export interface ReplibitNamingConvention {
  Id: string;
  Name: string;
  Example: string;
}

export const REPLIBIT_NAMING_CONVENTIONS: ReplibitNamingConvention[] = [
  { Id: 'DeviceName', Name: 'Device name', Example: 'FS01' },
  { Id: 'DeviceJob', Name: 'Device name and job name', Example: 'FS01 · Nightly image' },
  { Id: 'ClientDevice', Name: 'Client and device name', Example: 'Contoso - FS01' },
];
/** The name x360Recover's own e-mail notifications give a backup: the protected system. */
export const DEFAULT_REPLIBIT_NAMING = 'DeviceName';

/** The `NamingConvention` field of the two Replibit descriptors: a choice of the conventions above. */
export const REPLIBIT_NAMING_FIELD: BackupSourceField = {
  Key: 'NamingConvention',
  Label: 'Backup naming',
  Kind: 'choice',
  Required: false,
  Default: DEFAULT_REPLIBIT_NAMING,
  Options: REPLIBIT_NAMING_CONVENTIONS.map((c) => ({ Id: c.Id, Name: `${c.Name} (e.g. ${c.Example})` })),
  Help: 'How backups read from this source are named',
};

const apiKeyFields = (help: string): BackupSourceField[] => [
  {
    Key: 'ApiUrl',
    Label: 'API URL',
    Kind: 'url',
    Required: false,
    Default: 'https://axapi.axcient.com/x360recover',
  },
  { Key: 'ApiKey', Label: 'API key', Kind: 'secret', Required: true, Help: help },
  REPLIBIT_NAMING_FIELD,
];

export const REPLIBIT_SOURCES: Record<'replibit' | 'replibit-legacy' | 'msp', BackupSourceDescriptor> = {
  replibit: {
    Type: 'replibit',
    UrlType: 'replibit',
    Title: 'Axcient x360Recover',
    Vendor: 'Axcient x360Recover',
    Logo: '/vendors/axcient.svg',
    NameKey: 'Name',
    ProfileType: 'x360Recover public API',
    Flag: 'brAxcientX360Recover',
    Fields: apiKeyFields('Created under Settings → API Keys in the x360Portal'),
    DefaultIntervalMinutes: 30,
    CanRunBackup: false,
  },
  'replibit-legacy': {
    Type: 'replibit-legacy',
    UrlType: 'replibit-legacy',
    Title: 'Replibit (legacy appliances)',
    Vendor: 'Axcient x360Recover',
    Logo: '/vendors/replibit.svg',
    NameKey: 'Name',
    ProfileType: 'x360Recover public API (Replibit appliances and vaults)',
    Flag: 'brAxcientX360Recover',
    Fields: apiKeyFields('An x360Portal API key: Replibit appliances are read through the x360Recover public API'),
    DefaultIntervalMinutes: 30,
    CanRunBackup: false,
    Beta: true,
  },
  msp: {
    Type: 'msp',
    UrlType: 'msp',
    Title: 'MSP360 (MSP Backups)',
    Vendor: 'MSP360',
    Logo: '/vendors/msp360.svg',
    NameKey: 'Name',
    ProfileType: 'MSP360 API (api.mspbackups.com)',
    Fields: [
      {
        Key: 'ApiUrl',
        Label: 'API URL',
        Kind: 'url',
        Required: false,
        Default: 'https://api.mspbackups.com',
      },
      { Key: 'UserName', Label: 'API user name', Kind: 'text', Required: true },
      { Key: 'Password', Label: 'API password', Kind: 'secret', Required: true },
    ],
    DefaultIntervalMinutes: 15,
    CanRunBackup: false,
  },
};
