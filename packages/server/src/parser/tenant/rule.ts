import type { ParserField, ParserReading, ParserRule } from '@vigil/contract';
import type { MailMessage, ParsedResult, ParsedStatus } from '../types.ts';

/** A tenant parser as the engine runs it: plain data, so it crosses to the parser threads. */
export interface TenantRule {
  id: number;
  name: string;
  /** The product results are filed under. */
  vendor: string;
  rule: ParserRule;
}

export interface RuleOutcome {
  /** Sender and subject match: the rule claims the e-mail. */
  matched: boolean;
  /** Job, device and status, when all were found. */
  reading: ParserReading | null;
  /** Fields the rule could not read. */
  missing: string[];
}

const SEVERITY: Record<ParsedStatus, number> = { Success: 1, Warning: 2, Failure: 3 };

/** Subject and body as one text, as the builder shows it. */
export function ruleText(msg: Pick<MailMessage, 'subject' | 'text'>): string {
  return `${msg.subject}\n${msg.text}`.replace(/\r\n?/g, '\n');
}

/** Does the sender match one of the rule's addresses or domains? */
export function senderMatches(senders: readonly string[], from: string): boolean {
  const address = from.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return senders.some((raw) => {
    const s = raw.trim().toLowerCase();
    if (!s) return false;
    if (s.includes('@') && !s.startsWith('@')) return s === address;
    const d = s.replace(/^@/, '');
    return domain === d || domain.endsWith(`.${d}`);
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A user's pattern, or null when it does not compile (a rule with a broken pattern reads nothing). */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'im');
  } catch {
    return null;
  }
}

/** One field's text: after the anchor up to the end of its line, a pattern's first group, or fixed. */
export function readField(field: ParserField, text: string): string | null {
  switch (field.Kind) {
    case 'none':
      return '';
    case 'fixed':
      return field.Value.trim();
    case 'anchor': {
      const m = new RegExp(`${escape(field.Anchor.trim())}[ \\t]*([^\\n]*)`, 'i').exec(text);
      const value = m?.[1]?.trim();
      return value ? value : null;
    }
    case 'pattern': {
      const re = compilePattern(field.Pattern);
      const m = re?.exec(text);
      if (!m) return null;
      const value = (m.length > 1 ? (m[1] ?? '') : m[0]).trim();
      return value ? value : null;
    }
  }
}

/** The status the marked words give: the worst one found in the text, or null. */
export function readStatus(rule: ParserRule, text: string): ParsedStatus | null {
  const where = rule.StatusFrom.Kind === 'none' ? text : readField(rule.StatusFrom, text);
  if (!where) return null;
  const haystack = where.toLowerCase();
  let found: ParsedStatus | null = null;
  for (const w of rule.StatusWords) {
    const word = w.Text.trim().toLowerCase();
    if (!word) continue;
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}($|[^\\p{L}\\p{N}])`, 'u');
    if (re.test(haystack) && (!found || SEVERITY[w.Status] > SEVERITY[found])) found = w.Status;
  }
  return found;
}

/** Applies one rule to an e-mail. Pure: the same e-mail and rule always give the same outcome. */
export function applyRule(rule: ParserRule, msg: Pick<MailMessage, 'from' | 'subject' | 'text'>): RuleOutcome {
  const subject = (rule.SubjectContains ?? '').trim().toLowerCase();
  const subjectOk = !subject || msg.subject.toLowerCase().includes(subject);
  const matched = senderMatches(rule.Senders, msg.from) && subjectOk;
  const text = ruleText(msg);
  const job = readField(rule.Job, text);
  const device = readField(rule.Device, text);
  const status = readStatus(rule, text);
  const missing = [
    ...(job === null ? ['Job'] : []),
    ...(device === null ? ['Device'] : []),
    ...(status === null ? ['Status'] : []),
  ];
  if (!matched) return { matched, reading: null, missing };
  const reading =
    job !== null && device !== null && status !== null
      ? { JobName: job.slice(0, 500), DeviceName: device.slice(0, 500), Status: status }
      : null;
  return { matched, reading, missing };
}

/** The first tenant rule that claims and reads the e-mail, as one filed result; null when none does. */
export function readWithTenantRules(
  rules: readonly TenantRule[],
  msg: MailMessage,
): { rule: TenantRule; result: ParsedResult } | null {
  for (const rule of rules) {
    let outcome: RuleOutcome;
    try {
      outcome = applyRule(rule.rule, msg);
    } catch {
      continue;
    }
    if (!outcome.reading) continue;
    const { JobName, DeviceName, Status } = outcome.reading;
    return {
      rule,
      result: {
        vendor: rule.vendor,
        jobName: JobName || rule.name,
        deviceName: DeviceName,
        status: Status,
        startTime: null,
        endTime: null,
        resultKind: 'Primary Backup',
        storageKind: null,
        backupType: 'Backup',
        sizeBytes: null,
        durationSeconds: null,
        failureText: Status === 'Success' ? null : firstLineWith(msg, Status),
        clientId: null,
      },
    };
  }
  return null;
}

/** For a warning or failure: the subject, which names what went wrong in most reports. */
function firstLineWith(msg: MailMessage, status: ParsedStatus): string {
  return msg.subject.trim() || status;
}

/** A sample's regression check: the fields that differ between what was expected and what the rule reads. */
export function sampleDiff(
  rule: ParserRule,
  sample: { From: string; Subject: string; Text: string; Expected: ParserReading },
): { field: keyof ParserReading | 'Match'; expected: string; got: string }[] {
  const out = applyRule(rule, { from: sample.From, subject: sample.Subject, text: sample.Text });
  if (!out.matched) return [{ field: 'Match', expected: 'the rule claims this e-mail', got: 'not claimed' }];
  const got = out.reading;
  return (['JobName', 'DeviceName', 'Status'] as const)
    .filter((k) => (got ? got[k] : null) !== sample.Expected[k])
    .map((k) => ({ field: k, expected: sample.Expected[k], got: got ? got[k] : '(not found)' }));
}

/** Key: value lines of an e-mail, offered in the builder as ready anchors. */
export function keyValueLines(text: string, limit = 40): { Key: string; Value: string }[] {
  const out: { Key: string; Value: string }[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^\s*([\p{L}][\p{L}\p{N} ()/_.-]{0,40}?)\s*[:=]\s+(\S.{0,200})$/u.exec(line);
    if (!m) continue;
    const key = `${m[1].trim()}:`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ Key: key, Value: m[2].trim() });
    if (out.length >= limit) break;
  }
  return out;
}
