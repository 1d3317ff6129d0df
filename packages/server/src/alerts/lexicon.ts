/**
 * Alert words beyond the backup reader's status words (parser/generic/lexicon.ts): what an alert
 * is about and which way it points. They become features whose weights the models learn; they
 * decide nothing by themselves. Matched on lower-cased text.
 */
const words = (list: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.join('|')})(?![\\p{L}\\p{N}])`, 'u');

export const TOPICS: Record<string, RegExp> = {
  backup: words([
    'backups?',
    'back-?up',
    'job',
    'snapshot',
    'restore point',
    'backup ?set',
    'vzdump',
    'rsync',
    'replica(?:tion)?',
  ]),
  storage: words([
    'disk space',
    'free space',
    'space usage',
    'running (?:low|full)',
    'low on (?:disk )?space',
    'volume',
    'pool',
    'quota',
    'raid',
    'degraded',
    'array',
    'md\\d+',
    'scrub',
    'resilver',
    'capacity',
    'filesystem',
    'full',
  ]),
  hardware: words([
    'smart',
    'smartd',
    'ata error',
    'sectors?',
    'ups',
    'battery',
    'power',
    'mains',
    'fan',
    'temperature',
    'overheat',
    'psu',
    'drive',
    'disk failure',
    'shutting down',
    'shutdown',
  ]),
  security: words([
    'certificate',
    'ssl',
    'tls',
    'virus',
    'viruses',
    'malware',
    'ransomware',
    'suspicious',
    'intrusion',
    'login attempts?',
    'blocked',
    'brute',
    'unauthori[sz]ed',
    'encrypted files?',
  ]),
  licence: words(['licen[cs]e', 'subscription', 'expir(?:e|es|ed|y|ing|ation)', 'renew(?:al)?', 'over quota', 'trial']),
  connectivity: words([
    'offline',
    'online',
    'disconnected',
    'unreachable',
    'down',
    'is up',
    'lost (?:connection|contact)',
    'connection',
    'communications?',
    'ping',
    'timed? ?out',
    'heartbeat',
    'sign of life',
  ]),
  /** The two storage alerts most often confused: a volume running full and an array losing a disk. */
  space: words([
    'disk space',
    'free space',
    'space usage',
    'running (?:low|full)',
    'low on (?:disk )?space',
    'not enough (?:disk )?space',
    'space (?:is )?(?:critically )?low',
    'used >',
    'quota',
  ]),
  raid: words([
    'raid\\d*',
    'degraded ?array',
    'degraded',
    'array',
    'md\\d+',
    'mirror',
    'rebuild(?:ing)?',
    'resilver(?:ed|ing)?',
    'spares?',
    'faulted',
    'vdev',
    'fail ?event',
    'component device',
  ]),
  load: words(['cpu', 'load ?avg', 'loadavg', 'memory', 'utili[sz]ation', 'threshold', 'performance']),
  update: words(['updates? available', 'new version', 'upgrade']),
};

export const POLARITY: Record<string, RegExp> = {
  bad: words([
    'degraded',
    'fail(?:ed|ure|ing)?',
    'lost',
    'low',
    'full',
    'critical',
    'error',
    'errors',
    'alert',
    'firing',
    'problem',
    'down',
    'offline',
    'disconnected',
    'expire',
    'will expire',
    'exceeds?',
    'exceeded',
    'matches resource limit',
    'matched',
    'on battery',
    'shutting down',
    'detected',
    'unreachable',
    'cannot',
    'incomplete',
    'over quota',
    'increased',
    'gone down',
    'faulted',
    'removed',
    'unavailable',
    'not running',
    'stopped',
    'unrecoverable',
    'corrupt(?:ed)?',
    'broken',
    'missed',
    'prefail',
    'needs? to be replaced',
    'lag',
    'behind master',
    'too high',
    'expires? (?:in|soon)',
    'interrupted',
    'aborted',
  ]),
  good: words([
    'restored',
    'returned',
    'recovered',
    'recovery',
    'resolved',
    'back online',
    'is up',
    'up again',
    'succeeded',
    'healthy',
    'normal',
    'ok',
    'on mains',
    'mains power',
    'cleared',
    'finished',
    'completed',
    'successful(?:ly)?',
    'online',
    'established',
    'gone up',
    'back up',
    'resolved in',
    'power (?:has )?returned',
    'line power',
    'finished a (?:scrub|resilver)',
    'repaired 0b?',
    'with 0 errors',
    'no known data errors',
  ]),
  /** Something to look at that has not failed: warnings, partial or skipped work. */
  warn: words([
    'warnings?',
    'warn',
    'partially',
    'partial',
    'skipped',
    'retry(?:ing)?',
    'approaching',
    'soon',
    'vanished',
  ]),
  /** Notices that are neither a problem nor its end: something started, a test, a reminder. */
  info: words([
    'started',
    'starting',
    'test ?message',
    'test',
    'informational',
    'information',
    'restarted',
    'updates? available',
    'new version',
    'spares ?missing',
    'in progress',
    'reminder',
    'shutdown on signal',
  ]),
};

/** How a subject opens: monitoring tools lead with the state ("Resolved …", "** PROBLEM …", "[FIRING:1]"). */
const LEADS: Record<string, RegExp> = {
  recovery: /^[\s*[(]*(?:resolved|recovery|recovered|ok|up|cleared|restored|back online)\b/i,
  problem: /^[\s*[(]*(?:problem|down|critical|failed|failure|error|alert|firing(?::\d+)?)\b/i,
  warning: /^[\s*[(]*(?:warning|warn)\b/i,
};

/** The state a subject leads with, as features `<prefix>lead:<state>`. */
export function leadFeatures(subject: string, prefix: string): string[] {
  return Object.entries(LEADS)
    .filter(([, re]) => re.test(subject))
    .map(([name]) => `${prefix}lead:${name}`);
}

/** Topic and polarity features of one text: `<prefix><name>` → 1 for each list that matches. */
export function lexiconFeatures(text: string, prefix: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (const [name, re] of Object.entries(TOPICS)) if (re.test(lower)) out.push(`${prefix}topic:${name}`);
  for (const [name, re] of Object.entries(POLARITY)) if (re.test(lower)) out.push(`${prefix}pol:${name}`);
  return out;
}

/** Whether a text (a subject, an opening) says something went wrong, and whether it also says it is over. */
export function subjectPolarity(subject: string): { bad: boolean; good: boolean } {
  const lower = subject.toLowerCase();
  const lead = leadFeatures(subject, '');
  return {
    bad: POLARITY.bad.test(lower) || lead.includes('lead:problem'),
    good: POLARITY.good.test(lower) || lead.includes('lead:recovery'),
  };
}
