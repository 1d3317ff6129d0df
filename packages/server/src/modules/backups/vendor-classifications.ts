// Vendors grouped by what they protect (GET /api/backup/vendor/classifications): every vendor the
// e-mail parsers read and every vendor whose API Vigil polls, once each.
import { BACKUP_SOURCES, type VendorClassification, type VendorClassificationKey } from '@vigil/contract';
import { vendorNames } from '../ingest/emails-service.ts';

const CLASS_NAMES: Record<VendorClassificationKey, string> = {
  image: 'Image and appliance',
  file: 'File and folder',
  'cloud-to-cloud': 'Cloud-to-cloud (SaaS)',
  cloud: 'Cloud infrastructure',
  database: 'Database',
  nas: 'NAS',
  other: 'Other',
};

/** The parsers' vendors by id. A vendor not listed here is "Other". */
const PARSER_CLASS: Record<string, VendorClassificationKey> = {
  acronis: 'image',
  altaro: 'image',
  'arcserve-udp': 'image',
  axcient: 'image',
  'backup-exec': 'image',
  'datto-bcdr': 'image',
  macrium: 'image',
  nakivo: 'image',
  'proxmox-pbs': 'image',
  'proxmox-vzdump': 'image',
  shadowprotect: 'image',
  'synology-active-backup': 'image',
  unitrends: 'image',
  'veeam-agent': 'image',
  'veeam-br': 'image',
  'windows-server-backup': 'image',
  'xen-orchestra': 'image',
  bacula: 'file',
  carbonite: 'file',
  comet: 'file',
  cove: 'file',
  duplicati: 'file',
  iperius: 'database',
  msp360: 'file',
  redstor: 'file',
  urbackup: 'file',
  'datto-saas': 'cloud-to-cloud',
  dropsuite: 'cloud-to-cloud',
  skykick: 'cloud-to-cloud',
  'veeam-m365': 'cloud-to-cloud',
  'synology-hyper-backup': 'nas',
};

const PARSER_LOGO: Record<string, string> = {
  acronis: '/vendors/acronis.svg',
  comet: '/vendors/comet.svg',
  cove: '/vendors/cove.svg',
  'datto-bcdr': '/vendors/datto.svg',
  'datto-saas': '/vendors/datto.svg',
  dropsuite: '/vendors/dropsuite.svg',
  msp360: '/vendors/msp360.svg',
  'veeam-agent': '/vendors/veeam.svg',
  'veeam-br': '/vendors/veeam.svg',
  'veeam-m365': '/vendors/veeam.svg',
};

/** API sources that read a vendor an e-mail parser also reads: one entry, both methods. */
const SOURCE_PARSER: Record<string, string> = {
  datto: 'datto-bcdr',
  veeam: 'veeam-br',
  'veeam-legacy': 'veeam-br',
  acronis: 'acronis',
  solarwinds: 'cove',
  cloudberry: 'msp360',
  comet: 'comet',
  dropsuite: 'dropsuite',
  storagecraft: 'shadowprotect',
  skykick: 'skykick',
};

/** API-only vendors. */
const SOURCE_CLASS: Record<string, VendorClassificationKey> = {
  slide: 'image',
  replibit: 'image',
  'replibit-legacy': 'image',
  aws: 'cloud',
  azure: 'cloud',
  msp: 'file',
};

type Entry = VendorClassification['Vendors'][number] & { Class: VendorClassificationKey };

export function vendorClassifications(): VendorClassification[] {
  const entries = new Map<string, Entry>();
  for (const [id, name] of vendorNames) {
    entries.set(id, {
      Id: id,
      Name: name,
      Logo: PARSER_LOGO[id] ?? null,
      Methods: ['Email'],
      Class: PARSER_CLASS[id] ?? 'other',
    });
  }
  for (const source of Object.values(BACKUP_SOURCES)) {
    const twin = entries.get(SOURCE_PARSER[source.Type] ?? '');
    if (twin) {
      if (!twin.Methods.includes('Api')) twin.Methods.push('Api');
      twin.Logo ??= source.Logo;
      continue;
    }
    entries.set(source.Type, {
      Id: source.Type,
      Name: source.Title,
      Logo: source.Logo || null,
      Methods: ['Api'],
      Class: SOURCE_CLASS[source.Type] ?? 'other',
    });
  }
  return (Object.keys(CLASS_NAMES) as VendorClassificationKey[])
    .map((key) => ({
      Classification: key,
      Name: CLASS_NAMES[key],
      Vendors: [...entries.values()]
        .filter((e) => e.Class === key)
        .map(({ Class: _class, ...v }) => v)
        .sort((a, b) => a.Name.localeCompare(b.Name)),
    }))
    .filter((c) => c.Vendors.length > 0);
}
