import type { MailMessage, ParsedResult, ParsedStatus, ResultKind, VendorParser } from '../types.ts';
import { parseDate, parseSize, result } from '../util.ts';
import { bodyText, hour24, joinMessages, monthNumber, secondsBetween, utcDate } from './_c-shared.ts';

/**
 * Xen Orchestra backup reports (xo-server-backup-reports, sent through xo-server-transport-email
 * with the markdown as the text part). Subject "[Xen Orchestra] <status> − Backup report for <job>
 * <icon>"; body "##  Global status: <status>", the job's "- **mode**", "- **Start time**", …, then
 * sections "## n Failures" / "## n Skipped" / "## n Interrupted" / "## n Successes" with one
 * "### <VM name>" block per VM (UUID, times, warnings "⚠️", snapshot, SRs / remotes with their
 * transfer and merge sizes, "**Error**"). One result per VM (or SR/remote task); the job itself
 * when it failed before any VM ran.
 */

const ID = 'xen-orchestra';
const SUBJECT =
  /^\s*\[Xen Orchestra\]\s*(?:\[(\w+)\]|(\w+))\s*(?:−|-)?\s*(?:(Metadata )?backup report for (.+?))?\s*(?:✔|🚨|⚠️?|⏩)?\s*$/iu;

/** A call block of the legacy (xo-server 5.x) report: "vm.rollingBackup:" then "VM:", "tag:", …. */
const LEGACY_CALL =
  /^\s*vm\.(?:rollingBackup|rollingDeltaBackup|rollingSnapshot|rollingDrCopy|deltaCopy|backup|snapshot)\s*:\s*$/m;

/** The 2016 reports (xo-server 5.1): subject 'Backup Reports for "<job>" (Xen Orchestra)', "VM : <name>" blocks. */
const OLD_SUBJECT = /Backup Reports? for\s+"?(.+?)"?\s*\(Xen Orchestra\)/i;
const OLD_VM = /^\s*(?:#+\s*)?VM\s*:\s*(.+?)\s*$/;
const OLD_STATUS = /^\s*(?:[-*]\s*)?(?:\*\*)?Status(?:\*\*)?\s*:\s*(Success|Fail(?:ure|ed)?)\b/im;
/** A report as a mail client renders it (markdown gone): "Global status: interrupted", "mode: full". */
const RENDERED_GLOBAL = /^\s*(?:#+\s*)?Global status:\s*(?:success|failure|interrupted|skipped|pending)\b/im;
const RENDERED_FIELDS =
  /^\s*(?:[-*]\s*)?(?:\*\*)?(?:mode(?:\*\*)?:\s*(?:full|delta)\b|Successes(?:\*\*)?:\s*\d+\s*\/\s*\d+)/im;

function isOldReport(msg: MailMessage): boolean {
  const vm = msg.text.split('\n').some((l) => OLD_VM.test(l));
  return vm && OLD_STATUS.test(msg.text) && (OLD_SUBJECT.test(msg.subject) || /^\s*(?:[-*]\s*)?UUID:/im.test(msg.text));
}

function detect(msg: MailMessage): boolean {
  if (/^\s*\[Xen Orchestra\]/i.test(msg.subject) && /Global status:/i.test(msg.text)) return true;
  if (LEGACY_CALL.test(msg.text) && /^\s*VM:\s+\S/m.test(msg.text)) return true;
  if (RENDERED_GLOBAL.test(msg.text) && (RENDERED_FIELDS.test(msg.text) || /Xen Orchestra/i.test(msg.subject)))
    return true;
  if (isOldReport(msg)) return true;
  return /^#{2}\s+Global status:\s*\w+/im.test(msg.text) && /xo-server-backup-reports/i.test(msg.text);
}

/** "Saturday, November 21st 2026, 11:00:03 pm" (moment 'dddd, MMMM Do YYYY, h:mm:ss a'), or ISO. */
function xoDate(s: string | undefined): Date | null {
  if (!s) return null;
  const m = /([A-Za-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i.exec(s);
  if (m) {
    const mo = monthNumber(m[1]);
    if (mo) return utcDate(+m[3], mo, +m[2], hour24(+m[4], m[7]), +m[5], +(m[6] ?? 0));
  }
  return parseDate(s);
}

interface Line {
  indent: number;
  text: string;
}

/** A markdown list line without its bullet and bold markers: "  - **Size**: 1 GiB" → "Size: 1 GiB". */
function lineOf(raw: string): Line {
  const indent = /^ */.exec(raw)?.[0].length ?? 0;
  return {
    indent,
    text: raw
      .trim()
      .replace(/^[-*]\s+/, '')
      .replace(/\*\*/g, '')
      .trim(),
  };
}

const SECTION: Record<string, ParsedStatus> = {
  failure: 'Failure',
  failures: 'Failure',
  interrupted: 'Failure',
  skipped: 'Warning',
  success: 'Success',
  successes: 'Success',
};

interface Block {
  title: string;
  section: ParsedStatus;
  sectionName: string;
  lines: Line[];
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let section: ParsedStatus | null = null;
  let sectionName = '';
  let current: Block | null = null;
  for (const raw of text.split('\n')) {
    const sec = /^##\s+\d+\s+(Failures?|Interrupted|Skipped|Success(?:es)?)\s*$/i.exec(raw.trim());
    if (sec) {
      section = SECTION[sec[1].toLowerCase()];
      sectionName = sec[1];
      current = null;
      continue;
    }
    if (/^---\s*$/.test(raw.trim()) || /^##\s/.test(raw.trim())) {
      current = null;
      if (/^##\s/.test(raw.trim())) section = null;
      continue;
    }
    const h = /^###\s+(.+?)\s*$/.exec(raw.trim());
    if (h && section) {
      current = { title: h[1], section, sectionName, lines: [] };
      out.push(current);
      continue;
    }
    if (current && raw.trim()) current.lines.push(lineOf(raw));
  }
  return out;
}

function value(lines: Line[], label: string, maxIndent = 0): string | undefined {
  const prefix = `${label}:`;
  return lines
    .find((l) => l.indent <= maxIndent && l.text.startsWith(prefix))
    ?.text.slice(prefix.length)
    .trim();
}

function blockResult(jobName: string, b: Block, jobKind: ResultKind): ParsedResult {
  const warnings: string[] = [];
  const errors: string[] = [];
  let operation = '';
  let opIndent = -1;
  let size = 0;
  let hasSize = false;
  let srs = false;
  let remotes = false;
  for (const l of b.lines) {
    const warn = /^⚠️?\s*(.+)$/u.exec(l.text);
    if (warn) warnings.push(warn[1]);
    const err = /^(?:Error|Reason):\s*(.+)$/.exec(l.text);
    if (err) errors.push(err[1].replace(/^\[(.+?)\]\(.*\)$/, '$1'));
    if (l.text === 'SRs') srs = true;
    if (l.text === 'Remotes') remotes = true;
    const op = /^(transfer|merge|health check)\b/.exec(l.text);
    if (op) {
      operation = op[1];
      opIndent = l.indent;
    } else if (l.indent <= opIndent) {
      operation = '';
      opIndent = -1;
    }
    const sz = /^(?:Size|Transfer size):\s*(.+)$/.exec(l.text);
    if (sz && (operation === 'transfer' || (l.indent === 0 && sz[0].startsWith('Transfer size')))) {
      const bytes = parseSize(sz[1]);
      if (bytes !== null) {
        size += bytes;
        hasSize = true;
      }
    }
  }
  let status = b.section;
  if (status === 'Success' && (warnings.length || errors.length)) status = 'Warning';
  const failureText = status === 'Success' ? null : (joinMessages([...errors, ...warnings]) ?? b.sectionName);
  const startTime = xoDate(value(b.lines, 'Start time'));
  const endTime = xoDate(value(b.lines, 'End time'));
  // Continuous replication / disaster recovery write to SRs, backups to remotes; a VM that never
  // reached a target (skipped, failed early) takes the job's kind.
  const resultKind: ResultKind = srs || remotes ? (srs && !remotes ? 'Replication' : 'Primary Backup') : jobKind;
  return result(ID, {
    jobName,
    deviceName: b.title,
    status,
    resultKind,
    startTime,
    endTime,
    durationSeconds: secondsBetween(startTime, endTime),
    sizeBytes: hasSize && status !== 'Failure' ? size : null,
    failureText,
  });
}

const GLOBAL: Record<string, ParsedStatus> = {
  success: 'Success',
  failure: 'Failure',
  interrupted: 'Failure',
  skipped: 'Warning',
};

/**
 * The legacy report (xo-server 5.x backup jobs): one block per call, "vm.rollingBackup:",
 * "VM:  VM1 (host)", "tag: <job tag>", the call's parameters, then its outcome on the last
 * line: "true" on success, the error ("SR_BACKEND_FAILURE_44(…)") otherwise.
 */
function parseLegacy(text: string): ParsedResult[] {
  const out: ParsedResult[] = [];
  const parts = text.split(new RegExp(LEGACY_CALL.source, 'm')).slice(1);
  for (const part of parts) {
    const lines = part
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const vm = /^VM:\s+(.+?)(?:\s+\([^)]*\))?$/.exec(lines.find((l) => /^VM:/.test(l)) ?? '')?.[1] ?? '';
    const tag = /^tag:\s*(.*)$/.exec(lines.find((l) => /^tag:/.test(l)) ?? '')?.[1].trim();
    const outcome = lines[lines.length - 1] ?? '';
    const ok = /^true$/i.test(outcome);
    out.push(
      result(ID, {
        jobName: tag || 'Xen Orchestra backup',
        deviceName: vm,
        status: ok ? 'Success' : 'Failure',
        failureText: ok ? null : outcome,
      }),
    );
  }
  return out;
}

/**
 * The 2016 report: one block per VM, "VM : <name>", "UUID: …", "Status: Success|Fail", "Start time",
 * "End time", "Duration", and "Error: …" on a failure; the job is named in the subject only.
 */
function parseOld(msg: MailMessage, text: string): ParsedResult[] {
  const jobName = OLD_SUBJECT.exec(msg.subject)?.[1].trim() || 'Xen Orchestra backup';
  const out: ParsedResult[] = [];
  let block: { vm: string; lines: Line[] } | null = null;
  const flush = () => {
    if (!block) return;
    const said = value(block.lines, 'Status');
    if (said) {
      const found: ParsedStatus = /^Success/i.test(said) ? 'Success' : 'Failure';
      const startTime = xoDate(value(block.lines, 'Start time'));
      const endTime = xoDate(value(block.lines, 'End time'));
      const error = value(block.lines, 'Error');
      out.push(
        result(ID, {
          jobName,
          deviceName: block.vm,
          status: found,
          startTime,
          endTime,
          durationSeconds: secondsBetween(startTime, endTime),
          failureText: found === 'Success' ? null : (error ?? 'Status: Fail'),
        }),
      );
    }
    block = null;
  };
  for (const raw of text.split('\n')) {
    const vm = OLD_VM.exec(raw);
    if (vm) {
      flush();
      block = { vm: vm[1].replace(/\*/g, '').trim(), lines: [] };
    } else if (block && raw.trim()) block.lines.push(lineOf(raw));
  }
  flush();
  return out;
}

/** "Successes: 7 / 7": every VM of the run succeeded. */
function allSucceeded(lines: Line[]): boolean {
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(value(lines, 'Successes', 4) ?? '');
  return !!m && Number(m[1]) > 0 && m[1] === m[2];
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = bodyText(msg.text);
  if (!/Global status:/i.test(text) && LEGACY_CALL.test(text)) return parseLegacy(text);
  if (!/Global status:/i.test(text) && isOldReport(msg)) return parseOld(msg, text);
  const subject = SUBJECT.exec(msg.subject);
  const jobName = subject?.[4]?.trim() || value(text.split('\n').map(lineOf), 'Job name') || 'Xen Orchestra backup';
  const found = blocks(text);
  if (found.length) {
    const targets = found.flatMap((b) => b.lines.map((l) => l.text)).filter((t) => t === 'SRs' || t === 'Remotes');
    const jobKind: ResultKind =
      targets.includes('SRs') && !targets.includes('Remotes') ? 'Replication' : 'Primary Backup';
    return found.map((b) => blockResult(jobName, b, jobKind));
  }

  // No VM section: the job failed (or was skipped) as a whole.
  const global = /Global status:\s*(\w+)/i.exec(text)?.[1].toLowerCase() ?? '';
  const lines = text.split('\n').map(lineOf);
  // An interrupted run that still counts every VM a success (the report of a run cut short at its
  // end): not clean, but nothing was lost either.
  const status = global === 'interrupted' && allSucceeded(lines) ? 'Warning' : GLOBAL[global];
  if (!status) return [];
  const startTime = xoDate(value(lines, 'Start time'));
  const endTime = xoDate(value(lines, 'End time'));
  const errors = lines.filter((l) => /^(?:Error|Reason):/.test(l.text)).map((l) => l.text.replace(/^\w+:\s*/, ''));
  const warnings = lines.map((l) => /^⚠️?\s*(.+)$/u.exec(l.text)?.[1]).filter((w): w is string => Boolean(w));
  return [
    result(ID, {
      jobName,
      status,
      startTime,
      endTime,
      durationSeconds: secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : (joinMessages([...errors, ...warnings]) ?? `Global status: ${global}`),
    }),
  ];
}

export const xenOrchestra: VendorParser = { id: ID, name: 'Xen Orchestra', detect, parse };
