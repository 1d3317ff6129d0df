import type { MailMessage, ParsedStatus } from '../types.ts';
import { alternation, fold, KEY_SEP } from './lexicon.ts';
import { cleanName, fromBody, fromSender, fromSubject, type Found } from './names.ts';
import { backupWord, reportScore } from './report.ts';
import { decideStatus, evidenceIn, type Evidence, type Segment } from './status.ts';

/** What the generic reader made of an e-mail no vendor parser claims. */
export interface GenericReading {
  /** Whether the e-mail is a backup or job report at all. */
  isReport: boolean;
  /** null when the e-mail carries no status evidence: never guessed green. */
  status: ParsedStatus | null;
  /** 0..1; the engine files a result at or above GENERIC_THRESHOLD. */
  confidence: number;
  jobName: string;
  deviceName: string;
  /** The words that decided, e.g. `status: Failure — "2 errors" in body line 14`. */
  reasons: string[];
  /** The line that said what went wrong (warnings too); null on success. */
  failureText: string | null;
}

/** Confidence at or above which a generic reading becomes a result; below, the e-mail waits for review. */
export const GENERIC_THRESHOLD = 0.6;

const MAX_LINES = 400;
const STATUS_LINE = new RegExp(`^\\s*(?:[-*•]\\s*)?(?:${alternation((l) => l.statusKeys)})\\s*${KEY_SEP}`, 'u');
/** "###### Final status: ERROR ...", "-- Overall result: OK" inside a log line: a status statement too. */
const STATUS_PAIR = /(?<![\p{L}\p{N}])(?:final|overall|global|job|backup) (?:status|result)\s*[:=]/u;
const isStatusLine = (folded: string) => STATUS_LINE.test(folded) || STATUS_PAIR.test(folded);

const quote = (e: Evidence) => `"${e.words}" in ${e.where}`;

/** The pure generic reader: no I/O, the same message always reads the same. */
export function readGeneric(msg: MailMessage): GenericReading {
  const lines = msg.text
    .split(/\r?\n/)
    .slice(0, MAX_LINES)
    .map((l) => l.slice(0, 500));
  const headline = lines.findIndex((l) => l.trim() !== '');
  const segments: Segment[] = [
    { where: 'subject', text: msg.subject, weight: 3 },
    ...lines.map((text, i) => ({
      where: `body line ${i + 1}`,
      text,
      weight: isStatusLine(fold(text)) ? 3 : i === headline ? 2 : 1,
    })),
  ];
  const evidence = segments.flatMap(evidenceIn);
  const decision = decideStatus(evidence);

  const body = fromBody(lines);
  const subject = fromSubject(msg.subject);
  const statusLine = lines.some((l) => isStatusLine(fold(l)));
  // A body sentence that says what became of a backup ("Ein neues Backup wurde … erstellt",
  // "the backup of host1 failed") speaks for a report as much as key lines do.
  const bodyLine = new Map(segments.slice(1).map((s) => [s.where, s.text]));
  const backupSentence = evidence.some((e) => {
    const text = e.weight >= 1 ? bodyLine.get(e.where) : undefined;
    return text !== undefined && backupWord(fold(text));
  });
  const report = reportScore(msg, lines, Boolean(body.job || body.device) || statusLine || backupSentence);
  const isReport = report.score >= 0.5;

  const job: Found | null = body.job ?? subject.job;
  const device: Found | null = body.device ?? subject.device ?? fromSender(msg);
  const fallbackJob = cleanName(msg.subject) || cleanName(msg.fromName) || msg.from.split('@')[0] || '';

  const reasons: string[] = [];
  if (decision.status) {
    reasons.push(`status: ${decision.status} — ${decision.deciding.slice(0, 3).map(quote).join('; ')}`);
    const milder = decision.outranked.slice(0, 2);
    if (milder.length) reasons.push(`outranks ${milder.map((e) => `${e.status} ${quote(e)}`).join('; ')}`);
  } else reasons.push('status: no status words found');
  reasons.push(job ? `job: "${job.value}" from ${job.where}` : `job: none named, using "${fallbackJob}"`);
  if (device) reasons.push(`device: "${device.value}" from ${device.where}`);
  reasons.push(...report.reasons);

  let confidence = decision.strength;
  if (!job) confidence -= 0.1;
  if (!isReport) confidence = Math.min(confidence, 0.4);
  confidence = Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100;

  const failureLine =
    decision.status && decision.status !== 'Success'
      ? segments.find((s) => s.where === decision.deciding[0].where)?.text.trim()
      : null;
  return {
    isReport,
    status: decision.status,
    confidence,
    jobName: job?.value ?? fallbackJob.slice(0, 200),
    deviceName: device?.value ?? '',
    reasons,
    failureText: failureLine ? failureLine.slice(0, 1000) : null,
  };
}
