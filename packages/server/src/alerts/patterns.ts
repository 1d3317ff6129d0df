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
  'backup plan',
  'protection plan',
  'backup policy',
  'backup schedule',
  'backup task name',
  'job title',
  'job id',
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
/** A phrase that proposes a Device or a Job; `subjectOnly` phrases read the subject alone. */
export interface Phrase {
  cue: string;
  label: Learned;
  re: RegExp;
  subjectOnly?: boolean;
}
const phrase = (cue: string, label: Learned, re: string, flags = 'gi', subjectOnly = false): Phrase => ({
  cue: `phrase:${cue}`,
  label,
  re: new RegExp(re, flags),
  ...(subjectOnly ? { subjectOnly } : {}),
});
/** Words after "running on" that are a power source, not a host. */
const NOT_HOST = '(?!(?:batter(?:y|ies)|mains|line|utility|ac|dc|ups)\\b)';
export const PHRASES: Phrase[] = [
  phrase('on host', 'Device', `\\b(?:on|from) host:?[ \\t]+${HOST}`),
  phrase('running on', 'Device', `\\brunning on:?[ \\t]+${NOT_HOST}${HOST}`),
  phrase('subject ends on host', 'Device', `^.{3,200}? (?:on|from) ${NOT_HOST}${HOST}$`, 'gi', true),
  phrase('apcupsd host', 'Device', `^apcupsd: ${HOST} is `, 'g', true),
  phrase('host in closing parentheses', 'Device', `\\(${HOST}\\)$`, 'g', true),
  phrase('backup result host', 'Device', `^backup (?:failed|succeeded|finished|ok): ${HOST}$`, 'gi', true),
  phrase('rsnapshot host', 'Device', `^rsnapshot (?:hourly|daily|weekly|monthly) ${HOST}$`, 'g', true),
  phrase('for client', 'Device', `\\bfor client:?[ \\t]+"${HOST}"`),
  phrase('vm in parentheses', 'Device', '\\(VM:([^)\\s]{1,100})\\)', 'g'),
  phrase('fix this host', 'Device', `\\bthis host:[ \\t]*\\r?\\n[ \\t]*- ${HOST} \\(`),
  phrase('host pipe row', 'Device', `^${HOST} \\| [^|\\n]{1,100} \\| \\d{4}-\\d{2}-\\d{2}`, 'gm'),
  phrase('job pipe row', 'Job', '^[\\w.-]{1,100} \\| ([^|\\n]{1,100}?) \\| \\d{4}-\\d{2}-\\d{2}', 'gm'),
  phrase('check quoted', 'Job', '\\bThe check "([^"\\n]{1,100})" has gone (?:down|up)\\b', 'g'),
  phrase('check status subject', 'Job', '^(?:DOWN|UP) \\| (.{1,100}?)$', 'g', true),
  phrase('on server', 'Device', `\\bon (?:server|nas|device|appliance)[ \\t]+${HOST}`),
  phrase('host name', 'Device', `\\bhost ?name:[ \\t]+${HOST}`),
  phrase('cron user@host', 'Device', `^Cron <[\\w.-]+@${HOST}>`),
  phrase(
    'bracketed host',
    'Device',
    `^\\[(?!(?:success|warning|failed|failure|error|ok|info|critical|alert)\\])${HOST}\\] `,
  ),
  phrase('backup of', 'Device', `\\bBackup \\w+ of ${HOST}`),
  phrase('for domain', 'Device', `\\bfor domain "([^"\\s]{1,200})"`),
  phrase(
    'job quoted',
    'Job',
    // A cron expression or a time ("schedule '*/15'", "schedule '22:30'") is not a name.
    '\\b(?:job|task|plan|policy|schedule|backup set|replication|dataset|reports? for)[ \\t]+["\'“‘](?![\\d*/:, -]*[*:][\\d*/:, -]*["\'”’])([^"\'”’\\n]{1,100})["\'”’]',
  ),
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
    '\\bbackup (?:job|task)[ \\t]+([\\w.-]{1,100})(?= cannot| failed| completed| succeeded| finished| ended| was| has| is| on |$)',
    'gim',
  ),
  phrase(
    'set in brackets',
    'Job',
    '^(?:Virus detected|Incomplete backup|Errors detected in backup job|Backup canceled[^(]*) \\(([^)\\n]{1,100})\\)',
    'gi',
  ),
  phrase('rsnapshot interval', 'Job', '\\brsnapshot (hourly|daily|weekly|monthly)\\b', 'gi'),
  // "[Xen Orchestra] failure − Backup report for Offsite 🚨": the name, without the status icon.
  phrase(
    'status backup report for',
    'Job',
    '\\b(?:failure|success|skipped|interrupted|warning) [−–-] Backup report for ([^\\s"].{0,99}?)(?:[ \\t]+[^\\w\\s]{1,4})?$',
    'giu',
    true,
  ),
  // Cronic's report: "Cronic detected failure or error output for the command:" and the command.
  phrase(
    'failed command',
    'Job',
    '\\bfor the command:[ \\t]*\\r?\\n(?:[ \\t]*\\r?\\n)?[ \\t]*(\\S[^\\n]{0,199}?)[ \\t]*(?=\\r?\\n|$)',
    'g',
  ),
  // A cron mail whose command is one word: "Cron <root@host> /usr/local/bin/backup.sh", "… cronic backup".
  phrase('cron command', 'Job', '^Cron <[^>\\s]+> (?:cronic )?([^\\s<>]{1,200})$', 'g', true),
  // "[Execution failed] Job db-backup finished in 2.4s", "Job Nightly failed".
  phrase(
    'job name then outcome',
    'Job',
    '\\b[Jj]ob[ \\t]+(?!(?:has|had|have|was|were|is|did|will|the|that|which|status|name|id|execution|run)\\b)([\\w.-]*[A-Za-z][\\w.-]{0,99}) (?:finished|failed|succeeded|completed|ended)\\b',
    'g',
  ),
  phrase('when running quoted', 'Job', '\\bwhen running "([^"\\n]{1,100})"', 'gi'),
  phrase('bracketed user at host', 'Device', `^\\[[\\w.-]+@${HOST}\\] `, 'g', true),
];
