import type { MailMessage } from '../types.ts';
import { RUN_STAMP } from '../util.ts';
import { alternation, fold, KEY_SEP } from './lexicon.ts';

/** A name the reader found, and where (for the reasons). */
export interface Found {
  value: string;
  where: string;
}

const JOB_KEYS = alternation((l) => l.jobKeys);
const DEVICE_KEYS = alternation((l) => l.deviceKeys);
const STATUS_WORDS = alternation((l) => [...l.success, ...l.warning, ...l.failure]);
const REPORT_NOUNS =
  '(?:backup|job|task|plan|tache|auftrag|aufgabe|trabajo|tarea|lavoro|taak|tarefa|sicherung|sauvegarde)';

const keyLine = (keys: string) => new RegExp(`^\\s*(?:[-*•>]\\s*)?(?:${keys})\\s*${KEY_SEP}\\s*(\\S.*)$`, 'u');
const JOB_LINE = keyLine(JOB_KEYS);
const DEVICE_LINE = keyLine(DEVICE_KEYS);
const STATUS_ONLY = new RegExp(`^(?:${STATUS_WORDS})$`, 'u');

/** A value as a name: first cell of a table row, no quotes, trailing punctuation or run stamp, capped. */
export function cleanName(raw: string): string {
  const cell = raw.split(/\t| {3,}/)[0];
  const name = cell.replace(/^["'«“„‘\s]+|["'»”’\s.,;:!-]+$/gu, '').trim();
  const unstamped = name.replace(RUN_STAMP, '');
  return (unstamped || name).slice(0, 200);
}

const usable = (v: string) => v.length > 0 && !STATUS_ONLY.test(fold(v));

/** "Job: nightly", "Tâche : Documents", "Equipo: PC-01" in the body. */
export function fromBody(lines: string[]): { job: Found | null; device: Found | null } {
  let job: Found | null = null;
  let device: Found | null = null;
  lines.forEach((line, i) => {
    const folded = fold(line);
    const where = `body line ${i + 1}`;
    const j = !job && JOB_LINE.exec(folded);
    if (j) {
      const value = cleanName(line.slice(line.length - j[1].length));
      if (usable(value)) job = { value, where };
    }
    const d = !device && DEVICE_LINE.exec(folded);
    if (d) {
      const value = cleanName(line.slice(line.length - d[1].length));
      if (usable(value)) device = { value, where };
    }
  });
  return { job, device };
}

/**
 * Subject patterns, tried in order; the first that matches names the job (and maybe the device).
 * Job 0: the pattern names only the device.
 */
const SUBJECT_PATTERNS: { re: RegExp; job: number; device?: number }[] = [
  // cron's own subject: "Cron <root@nas01> /usr/local/bin/backup.sh"
  { re: /^cron <[^@>\s]+@([^>\s]+)>\s*(\S.*)$/u, job: 2, device: 1 },
  // openmediavault's scheduled jobs mail their output as "Cron - <job comment>"
  { re: /^cron - (\S.*)$/u, job: 1 },
  // "Backup of Documents on NAS01 - Success"
  {
    re: new RegExp(
      `${REPORT_NOUNS} (?:of|for|de|von|di|van) ["'“]?(.+?)["'”]? (?:on|from|sur|auf|en|su|op|em) ([\\w.-]+)`,
      'iu',
    ),
    job: 1,
    device: 2,
  },
  // "backup failed: client01", "backup succeeded with warnings: pc-07 (2 warnings)": what ran,
  // how it ended, then the client it ran for (burp's notification subjects)
  {
    re: new RegExp(
      `^(?:backup|restore) (?:${STATUS_WORDS}|missing)(?: with (?:${STATUS_WORDS}))?\\s*:\\s*([\\w.-]+)`,
      'u',
    ),
    job: 0,
    device: 1,
  },
  // 'Job "Nightly" failed', "Tâche « Docs » terminée"
  { re: new RegExp(`${REPORT_NOUNS}\\s*:?\\s*["'«“„]\\s*([^"'»”“]+?)\\s*["'»”“]`, 'iu'), job: 1 },
  // "Task Nightly has completed", "Job Nightly failed"
  {
    re: new RegExp(
      `${REPORT_NOUNS}\\s*:?\\s+(.+?)\\s+(?:has |have |was |is |a ete |wurde |ha |e |is |foi )?(?:${STATUS_WORDS})\\b`,
      'iu',
    ),
    job: 1,
  },
  // "[Nightly] Success", "[Job] Nightly"
  { re: /^\[([^\]]+)\]/u, job: 1 },
  // "Nightly - Success", "Nightly: failed"
  { re: new RegExp(`^(.+?)\\s*(?:-|–|—|:|\\|)\\s*(?:${STATUS_WORDS})\\b`, 'iu'), job: 1 },
  // "Failed - Nightly", "Success: Nightly"
  { re: new RegExp(`^(?:${STATUS_WORDS})\\s*(?:-|–|—|:|\\|)\\s*(.+)$`, 'iu'), job: 1 },
  // "Kopia created 11 snapshots on host01": the host the run was on ends the subject. A host
  // name holds a digit, a dot or a hyphen, so "completed on Monday" names no device.
  {
    re: new RegExp(
      `(?:${REPORT_NOUNS}|snapshots?|${STATUS_WORDS})\\b.*\\s(?:on|from|sur|auf|su|op|em)\\s+([\\w]*[\\d.-][\\w.-]*)$`,
      'iu',
    ),
    job: 0,
    device: 1,
  },
];

const GENERIC_LABEL = new RegExp(
  `^(?:${REPORT_NOUNS}|${STATUS_WORDS}|report|rapport|bericht|informe|alert|cron|info)$`,
  'u',
);

/** A leading "[YNH]" or "[host1]" tag: it names the sender when the rest of the subject reads on its own. */
const LEADING_TAG = /^\[[^\]]{1,30}\]\s*/u;
const UNTAGGED = SUBJECT_PATTERNS.filter((p) => !p.re.source.startsWith('^\\['));

/** Job and device named by the subject; positions map back because `fold` keeps lengths. */
export function fromSubject(subject: string): { job: Found | null; device: Found | null } {
  const s = subject.replace(/^(?:(?:re|fw|fwd|aw|tr|wg)\s*:\s*)+/iu, '').trim();
  const tag = LEADING_TAG.exec(s);
  if (tag) {
    // "[YNH] Backup missing : borgserv_sshuser": the names follow the tag; "[Nightly] Success" falls through.
    const rest = matchSubject(s.slice(tag[0].length), UNTAGGED);
    if (rest.job || rest.device) return rest;
  }
  return matchSubject(s, SUBJECT_PATTERNS);
}

function matchSubject(s: string, patterns: typeof SUBJECT_PATTERNS): { job: Found | null; device: Found | null } {
  const folded = fold(s);
  for (const p of patterns) {
    const m = p.re.exec(folded);
    if (!m) continue;
    const at = (g: number) => {
      const start = m.index + m[0].indexOf(m[g]);
      return cleanName(s.slice(start, start + m[g].length));
    };
    const device = p.device ? at(p.device) : '';
    const named = device && usable(device) ? { value: device, where: 'subject' } : null;
    if (!p.job) {
      if (named) return { job: null, device: named };
      continue;
    }
    let job = at(p.job);
    // "[Job] Nightly": the bracket is a label, the name follows it.
    if (p.re.source.startsWith('^\\[') && GENERIC_LABEL.test(fold(job)))
      job = cleanName(s.slice(m[0].length).split(/\s+[-–—:|]\s+/u)[0]);
    if (!usable(job) || GENERIC_LABEL.test(fold(job))) continue;
    return { job: { value: job, where: 'subject' }, device: named };
  }
  return { job: null, device: null };
}

const MAIL_HOST =
  /^(?:mail|smtp|mx|mx\d*|email|e-?mail|notify|notifications?|alerts?|no-?reply|mailer|bounce|out|relay|www|send|em\d*)$/u;

/** A device from the sender: a host-like display name ("NAS01") or the host in the domain (root@nas01.lan). */
export function fromSender(msg: MailMessage): Found | null {
  const name = msg.fromName.trim();
  if (/^[\w.-]+$/u.test(name) && /\d|-/.test(name) && name.length <= 64) return { value: name, where: 'sender name' };
  const domain = msg.from.split('@')[1] ?? '';
  const labels = domain.split('.');
  if (labels.length >= 3 && !MAIL_HOST.test(labels[0]) && !/^example$/u.test(labels[0]))
    return { value: labels[0], where: 'sender domain' };
  return null;
}
