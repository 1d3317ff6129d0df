/**
 * Windows Server Backup (wbadmin / WSB). The product itself sends no e-mail; MSPs receive one of
 * two home-made formats, both handled here:
 *
 * 1. Event mail: a scheduled task attached to the Microsoft-Windows-Backup/Operational log (event 4
 *    on success; 5, 7, 8, 9, 17, 19, 22, 49, 50, 517, 521, 546, 561… on problems) runs a small
 *    PowerShell script that mails the event, usually as `Get-WinEvent … | Format-List | Out-String`
 *    (TimeCreated / ProviderName / Id / LevelDisplayName / MachineName / Message, long values
 *    wrapped onto indented lines) or as Event Viewer's "copy as text" block (Log Name / Source /
 *    Date / Event ID / Level / Computer / Description:). Status comes from the event id (table
 *    below), else from the level.
 * 2. The widely copied "Windows Backup Mail Report" script (jocha.se WBJobReport.ps1): subject
 *    "Successful Backup on <COMPUTER>" / "Failed Backup on <COMPUTER>", an HTML table with
 *    "Start time last backup:", "End time last backup:", "Duration last backup:",
 *    "Backup Result:", "Error Message (if applicable):" and a Name/Status/Size item table.
 *
 * WSB has a single backup schedule per server, so the job name is always "Windows Server Backup".
 */
import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import {
  joinMessages,
  labelValues,
  looseDate,
  mapStatus,
  pick,
  secondsBetween,
  stripInvisible,
  tablesOf,
} from './_b-shared.ts';

const ID = 'windows-server-backup';
const JOB = 'Windows Server Backup';

/** Microsoft-Windows-Backup event ids that end a backup, by outcome. */
const SUCCESS_IDS = new Set([4]);
/** 7 "completed with errors", 51 target low on space, 146 a volume missing, 547 some volumes had errors. */
const WARNING_IDS = new Set([7, 51, 146, 547]);
const FAILURE_IDS = new Set([
  5, 8, 9, 17, 19, 20, 21, 22, 49, 50, 52, 100, 517, 521, 527, 528, 544, 545, 546, 561, 564, 612,
]);

const EVENT_KEYS = {
  id: ['id', 'event id', 'eventid', 'instanceid'],
  time: ['timecreated', 'time created', 'date', 'timegenerated', 'timewritten'],
  computer: ['machinename', 'computer', 'computername', 'machine name'],
  level: ['leveldisplayname', 'level', 'entrytype'],
  message: ['message', 'description'],
  source: ['providername', 'source', 'log name', 'logname'],
};

function isReportScript(text: string): boolean {
  return text.includes('Start time last backup') && text.includes('Backup Result');
}

function detect(msg: MailMessage): boolean {
  if (isReportScript(msg.text)) return true;
  if (!/Microsoft-Windows-Backup/i.test(msg.text) && !/windows server backup/i.test(msg.subject)) return false;
  return /^[ \t]*(Id|Event ?ID|InstanceId)[ \t]*:[ \t]*\d+/im.test(msg.text);
}

type EventRecord = Map<string, string>;

/** Format-List / Event Viewer text blocks → one record per event (a repeated label starts the next). */
function eventRecords(text: string): EventRecord[] {
  const records: EventRecord[] = [];
  let cur: EventRecord = new Map();
  let lastKey: string | null = null;
  let inDescription = false;
  for (const raw of stripInvisible(text).split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, '');
    const kv = /^([A-Za-z][A-Za-z ]{0,30}?)[ \t]*:(?:[ \t]+(.*))?$/.exec(line);
    if (kv && !/^\s/.test(line)) {
      const key = kv[1].trim().toLowerCase();
      if (cur.has(key)) {
        records.push(cur);
        cur = new Map();
      }
      cur.set(key, (kv[2] ?? '').trim());
      lastKey = key;
      // Event Viewer's "Description:" is followed by the message on its own lines.
      inDescription = key === 'description' && !kv[2];
      continue;
    }
    if (!line.trim()) {
      if (inDescription && cur.get('description')) inDescription = false;
      else if (!inDescription) lastKey = null;
      continue;
    }
    if (lastKey && (inDescription || /^\s/.test(line))) {
      const prev = cur.get(lastKey) ?? '';
      cur.set(lastKey, prev ? `${prev} ${line.trim()}` : line.trim());
    }
  }
  records.push(cur);
  return records.filter((r) => EVENT_KEYS.id.some((k) => /^\d+$/.test(r.get(k) ?? '')));
}

function get(r: EventRecord, keys: string[]): string | null {
  for (const k of keys) {
    const v = r.get(k);
    if (v) return v;
  }
  return null;
}

function statusForEvent(id: number, level: string | null, message: string): ParsedStatus | null {
  if (SUCCESS_IDS.has(id)) return 'Success';
  if (WARNING_IDS.has(id)) return 'Warning';
  if (FAILURE_IDS.has(id)) return 'Failure';
  const l = (level ?? '').toLowerCase();
  if (/error|critical/.test(l)) return 'Failure';
  if (/warning/.test(l)) return 'Warning';
  if (/finished successfully/i.test(message)) return 'Success';
  return null;
}

function deviceFromSubject(subject: string): string {
  const m =
    /\b(?:on|for)\s+([A-Za-z0-9][\w.-]*)/i.exec(subject) ?? /\s[-–:]\s+([A-Za-z0-9][\w.-]*)\s+[-–:]\s/.exec(subject);
  return m ? m[1] : '';
}

function parseEvents(msg: MailMessage): ParsedResult[] {
  const records = eventRecords(msg.text);
  if (!records.length) throw new Error('no Windows event found in the e-mail');
  const results: ParsedResult[] = [];
  for (const r of records) {
    const source = get(r, EVENT_KEYS.source);
    if (source && !/backup/i.test(source)) continue;
    const id = Number(get(r, EVENT_KEYS.id));
    const message = get(r, EVENT_KEYS.message) ?? '';
    const status = statusForEvent(id, get(r, EVENT_KEYS.level), message);
    if (!status) continue; // "backup started" and other progress events are not results
    const eventTime = looseDate(get(r, EVENT_KEYS.time));
    const started = /\b(?:started|attempted) at '([^']+)'/.exec(message);
    const startTime = started ? looseDate(started[1]) : null;
    results.push(
      result(ID, {
        jobName: JOB,
        deviceName: get(r, EVENT_KEYS.computer) ?? deviceFromSubject(msg.subject),
        status,
        startTime,
        endTime: eventTime,
        durationSeconds: secondsBetween(startTime, eventTime),
        failureText: status === 'Success' ? null : joinMessages([message || `Windows Server Backup event ${id}`]),
      }),
    );
  }
  if (!results.length) throw new Error('the Windows Server Backup events in the e-mail are not backup results');
  return results;
}

function parseReport(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const resultWord = pick(kv, 'backup result');
  const status = mapStatus(resultWord) ?? mapStatus(msg.subject.split(/\s+/)[0]);
  if (!status) throw new Error(`unknown backup result "${resultWord ?? ''}"`);
  const device = /Backup Report for\s+(\S+)/.exec(msg.text)?.[1] ?? /Backup on\s+(\S+)/i.exec(msg.subject)?.[1] ?? '';
  const startTime = looseDate(pick(kv, 'start time last backup'));
  const endTime = looseDate(pick(kv, 'end time last backup'));
  let size: number | null = null;
  for (const table of msg.html ? tablesOf(msg.html) : []) {
    const head = table[0]?.map((c) => c.toLowerCase());
    if (!head || head[0] !== 'name' || !head.includes('size')) continue;
    const col = head.indexOf('size');
    for (const row of table.slice(1)) {
      const n = parseSize(row[col]);
      if (n !== null) size = (size ?? 0) + n;
    }
  }
  return [
    result(ID, {
      jobName: JOB,
      deviceName: device,
      status,
      startTime,
      endTime,
      durationSeconds: parseDuration(pick(kv, 'duration last backup')) ?? secondsBetween(startTime, endTime),
      sizeBytes: size,
      failureText: status === 'Success' ? null : joinMessages([pick(kv, 'error message (if applicable)')]),
    }),
  ];
}

function parse(msg: MailMessage): ParsedResult[] {
  return isReportScript(msg.text) ? parseReport(msg) : parseEvents(msg);
}

export const windowsServerBackup: VendorParser = { id: ID, name: 'Windows Server Backup', detect, parse };
