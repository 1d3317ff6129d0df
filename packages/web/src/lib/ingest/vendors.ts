// Display names of the vendor parsers the intake screens show.

/**
 * Display names of the parser ids the API reports (the names of the server's vendor parsers;
 * the e-mail rows carry only the id). An id not in the list is shown title-cased, so a new
 * parser still reads sensibly.
 */
const VENDOR_NAMES: Record<string, string> = {
  acronis: 'Acronis Cyber Protect',
  altaro: 'Altaro / Hornetsecurity VM Backup',
  'arcserve-udp': 'Arcserve UDP',
  axcient: 'Axcient x360Recover',
  'backup-exec': 'Veritas Backup Exec',
  bacula: 'Bacula / Bareos',
  carbonite: 'Carbonite',
  comet: 'Comet Backup',
  cove: 'N-able Cove Data Protection',
  'datto-bcdr': 'Datto BCDR (SIRIS/ALTO)',
  'datto-saas': 'Datto SaaS Protection',
  dropsuite: 'Dropsuite',
  duplicati: 'Duplicati',
  'generic-csv': 'Generic CSV',
  iperius: 'Iperius Backup',
  macrium: 'Macrium Reflect',
  msp360: 'MSP360 Managed Backup',
  nakivo: 'NAKIVO Backup & Replication',
  'proxmox-pbs': 'Proxmox Backup Server',
  'proxmox-vzdump': 'Proxmox VE vzdump',
  redstor: 'Redstor Backup',
  shadowprotect: 'StorageCraft ShadowProtect',
  skykick: 'SkyKick Cloud Backup',
  'synology-active-backup': 'Synology Active Backup for Business',
  'synology-hyper-backup': 'Synology Hyper Backup',
  unitrends: 'Unitrends Backup',
  urbackup: 'UrBackup',
  'veeam-agent': 'Veeam Agent',
  'veeam-br': 'Veeam Backup & Replication',
  'veeam-m365': 'Veeam Backup for Microsoft 365',
  'windows-server-backup': 'Windows Server Backup',
  'xen-orchestra': 'Xen Orchestra',
};

/** "veeam-br" → "Veeam Backup & Replication"; an unknown id is title-cased ("foo-bar" → "Foo Bar"). */
export function vendorLabel(id: string | null | undefined): string {
  if (!id) return '';
  const known = VENDOR_NAMES[id.toLowerCase()];
  if (known) return known;
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
