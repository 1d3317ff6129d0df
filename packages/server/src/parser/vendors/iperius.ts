import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { field, parseDate, parseDuration, parseSize, result } from '../util.ts';
import { innerTables, joinMessages, secondsBetween } from './_c-shared.ts';

/**
 * Iperius Backup job notification e-mails. The subject carries the job name and the result
 * ("Backup completed successfully" / "… with warnings" / "… with errors" / "Backup failed"); the
 * HTML body is a summary table (job, computer, result, start/end, elapsed time, copied size, error
 * and warning counts) followed by the job's error/warning messages. One result per e-mail.
 */

const ID = 'iperius';
// Spanish installations write "Copia de seguridad finalizada con errores" / "… con avisos" (the
// subjects helpdesk rules match on); the success and failure forms follow the same grammar.
const RESULT_PHRASE =
  /backup (?:completed|terminated|finished)(?: successfully| with (?:warnings?|errors?))?|backup (?:failed|cancelled|canceled|aborted)|copia de seguridad (?:finalizada|completada|terminada)(?: correctamente| con (?:errores|avisos|advertencias))?|copia de seguridad (?:fallida|cancelada|abortada)/i;

function detect(msg: MailMessage): boolean {
  const named =
    /\bIperius\b/i.test(msg.subject) ||
    /\bIperius\b/i.test(msg.fromName) ||
    /@iperius/i.test(msg.from) ||
    /Iperius Backup/i.test(msg.text);
  return named && (RESULT_PHRASE.test(msg.subject) || RESULT_PHRASE.test(msg.text));
}

function statusOf(phrase: string): ParsedStatus | null {
  const p = phrase.toLowerCase();
  if (/with errors?|failed|cancel|abort|error|fallida|con errores/.test(p)) return 'Failure';
  if (/with warnings?|con (?:avisos|advertencias)/.test(p)) return 'Warning';
  if (/successfully|completed|finished|correctamente|finalizada|completada|terminada/.test(p)) return 'Success';
  return null;
}

/** "Label | value" rows of every two-cell table row, keyed by lower-cased label without a colon. */
function labelled(tables: string[][][], text: string): (labels: string[]) => string | null {
  const map = new Map<string, string>();
  for (const table of tables)
    for (const row of table)
      if (row.length === 2 && row[0]) {
        const key = row[0].replace(/:\s*$/, '').trim().toLowerCase();
        if (!map.has(key)) map.set(key, row[1]);
      }
  return (labels) => {
    for (const l of labels) {
      const v = map.get(l.toLowerCase()) ?? field(text, l);
      if (v) return v;
    }
    return null;
  };
}

/** Error and warning messages: table rows "Error | message" / "Warning | message", or text lines. */
function messages(tables: string[][][], text: string): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const table of tables)
    for (const row of table) {
      if (row.length < 2) continue;
      const kind = row[0].toLowerCase();
      const msg = row[row.length - 1];
      if (/^errors?$/.test(kind) && !/^\d+$/.test(msg)) errors.push(msg);
      else if (/^warnings?$/.test(kind) && !/^\d+$/.test(msg)) warnings.push(msg);
    }
  if (!errors.length && !warnings.length) {
    for (const line of text.split('\n')) {
      const m = /^\s*(?:\d[\d:/.]*(?: ?[AP]M)?\s+(?:-\s+)?)?(Error|Warning):\s+(.+)$/.exec(line);
      if (m) (m[1] === 'Error' ? errors : warnings).push(m[2].trim());
    }
  }
  return { errors, warnings };
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const tables = msg.html ? innerTables(msg.html) : [];
  const get = labelled(tables, text);
  const resultText = get(['Result', 'Backup result', 'Status', 'Esito']) ?? RESULT_PHRASE.exec(msg.subject)?.[0] ?? '';
  const status = statusOf(resultText) ?? statusOf(RESULT_PHRASE.exec(msg.subject)?.[0] ?? '');
  if (!status) throw new Error('no backup result found in the Iperius notification');
  const subjectJob = /"([^"]+)"/.exec(msg.subject)?.[1] ?? /Job:\s*([^-[]+?)\s*(?:-|\[|$)/i.exec(msg.subject)?.[1];
  const jobName = get(['Job name', 'Backup job', 'Job']) ?? subjectJob ?? 'Iperius Backup job';
  const deviceName =
    get(['Computer', 'Computer name', 'Machine', 'Server']) ?? /\[([^\]]+)\]\s*$/.exec(msg.subject)?.[1] ?? '';
  const startTime = parseDate(get(['Start time', 'Started', 'Start']));
  const endTime = parseDate(get(['End time', 'Ended', 'End']));
  const { errors, warnings } = messages(tables, text);
  let failureText: string | null = null;
  if (status === 'Failure') failureText = joinMessages(errors.length ? errors : warnings) ?? resultText.trim();
  else if (status === 'Warning') failureText = joinMessages([...warnings, ...errors]) ?? resultText.trim();
  return [
    result(ID, {
      jobName,
      deviceName,
      status,
      startTime,
      endTime,
      durationSeconds:
        parseDuration(get(['Elapsed time', 'Duration', 'Total time'])) ?? secondsBetween(startTime, endTime),
      sizeBytes: parseSize(get(['Size of copied files', 'Copied data', 'Total size', 'Backup size'])),
      failureText,
    }),
  ];
}

export const iperius: VendorParser = { id: ID, name: 'Iperius Backup', detect, parse };
