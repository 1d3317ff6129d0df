/**
 * The word lists and patterns the annotator reads alert e-mails with: which keys name a device, a
 * job or a company, the vendors it knows, and the phrases that propose a Device or a Job.
 */

/** The two entities whose cues are learned from labelled e-mails. */
export type Learned = 'Device' | 'Job';

export const DEVICE_KEYS = new Set([
  'host',
  'hostname',
  'host name',
  'server',
  'server name',
  'computer',
  'computer name',
  'machine',
  'device',
  'device name',
  'node',
  'instance',
  'fd',
  'nas',
  'appliance',
  'client',
  'vm',
  'system',
  'agent',
  'source host',
  'ups',
]);
export const JOB_KEYS = new Set([
  'job',
  'job name',
  'backup job',
  'task',
  'task name',
  'plan',
  'backup set',
  'backupset',
  'policy',
  'backup task',
  'tag',
  'volume name',
  'backup name',
  'set',
  'schedule',
  'replication job',
  'sync job',
]);
export const COMPANY_KEYS = new Set([
  'company',
  'customer',
  'client company',
  'organisation',
  'organization',
  'tenant',
  'site',
]);

const VENDORS = [
  'Synology',
  'QNAP',
  'Veeam',
  'Datto',
  'Proxmox',
  'Acronis',
  'Nakivo',
  'Backup Exec',
  'Veritas',
  'Macrium',
  'Carbonite',
  'Duplicati',
  'Xen Orchestra',
  'TrueNAS',
  'FreeNAS',
  'OpenMediaVault',
  'Unraid',
  'Netgear',
  'ReadyNAS',
  'Buffalo',
  'Western Digital',
  'Seagate',
  'Toshiba',
  'APC',
  'Eaton',
  'CyberPower',
  'Dell',
  'HPE',
  'Lenovo',
  'Microsoft',
  'Windows',
  'VMware',
  'Hyper-V',
  'Nagios',
  'Icinga',
  'Zabbix',
  'Monit',
  'Prometheus',
  'Alertmanager',
  "Let's Encrypt",
  'smartd',
  'mdadm',
  'Bacula',
  'Bareos',
  'restic',
  'borg',
  'rsnapshot',
  'Kopia',
  'Cove',
  'N-able',
  'Barracuda',
  'Axcient',
  'Unitrends',
  'Arcserve',
  'Commvault',
  'Rubrik',
  'Cohesity',
  'Wasabi',
  'Backblaze',
  'iDrive',
  'Storagecraft',
  'ShadowProtect',
];
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const VENDOR_RE = new RegExp(`(?<![\\w-])(?:${VENDORS.map(esc).join('|')})(?![\\w-])`, 'gi');
export const VOLUME_RE = /\/dev\/[\w/.:-]+|(?<![\w-])md\d+(?![\w-])|\bVolume ?\d+\b|\b[A-Z]:\\(?=[\s,.;)]|$)/g;
export const ERROR_RE =
  /\b0x[0-9a-f]{6,8}\b|\bZFS-\d{4}-\w+\b|\bE(?:HOSTDOWN|HOSTUNREACH|CONNREFUSED|TIMEDOUT|NOSPC|ACCES|NOENT|IO|PERM)\b|\b(?:error|event id|code|errno)[ :#]+-?\d{2,6}\b/gi;
export const SIZE_RE = /\b\d+(?:[.,]\d+)?\s?(?:[KMGTP]i?B|bytes)\b/gi;
export const ISO_TIME_RE = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
export const KEY_LINE =
  /^([ \t>*•-]*)([A-Za-z][A-Za-z0-9 ./()_-]{0,38}?[A-Za-z0-9)])[ \t]*[:=][ \t]+(\S[^\n]{0,300}?)[ \t]*$/gm;
const HOST = '([A-Za-z0-9][\\w.-]{0,62}[A-Za-z0-9])';
const phrase = (cue: string, label: Learned, re: string, flags = 'gi') => ({
  cue: `phrase:${cue}`,
  label,
  re: new RegExp(re, flags),
});
export const PHRASES: { cue: string; label: Learned; re: RegExp }[] = [
  phrase('on host', 'Device', `\\b(?:on|from) host:?[ \\t]+${HOST}`),
  phrase('running on', 'Device', `\\brunning on:?[ \\t]+${HOST}`),
  phrase('on server', 'Device', `\\bon (?:server|nas|device|appliance)[ \\t]+${HOST}`),
  phrase('host name', 'Device', `\\bhost ?name:[ \\t]+${HOST}`),
  phrase('cron user@host', 'Device', `^Cron <[\\w.-]+@${HOST}>`),
  phrase('bracketed host', 'Device', `^\\[${HOST}\\] `),
  phrase('backup of', 'Device', `\\bBackup \\w+ of ${HOST}`),
  phrase('for domain', 'Device', `\\bfor domain "([^"\\s]{1,200})"`),
  phrase('job quoted', 'Job', '\\b(?:job|task|plan)[ \\t]+["\'“‘]([^"\'”’\\n]{1,100})["\'”’]'),
  phrase('backup name failed', 'Job', '^Backup ([\\w.-]{1,100}) (?:failed|succeeded|completed)', 'g'),
  phrase(
    'result job',
    'Job',
    '^\\[(?:Success|Warning|Failed|Error)\\] (.{1,100}?) \\(\\d+ (?:VMs?|machines?|objects?)',
    'g',
  ),
  phrase('cron dash', 'Job', '^Cron - ([\\w.-]{1,100})$', 'g'),
  phrase('run id', 'Job', '^\\w+ run ([\\w.-]{1,100})$', 'g'),
  phrase(
    'backup job name',
    'Job',
    '\\bbackup job[ \\t]+([\\w.-]{1,100})(?= cannot| failed| completed| succeeded| was|$)',
    'gim',
  ),
  phrase(
    'set in brackets',
    'Job',
    '^(?:Virus detected|Incomplete backup|Errors detected in backup job|Backup canceled[^(]*) \\(([^)\\n]{1,100})\\)',
    'gi',
  ),
  phrase('rsnapshot interval', 'Job', '\\brsnapshot (hourly|daily|weekly|monthly)\\b', 'gi'),
];
