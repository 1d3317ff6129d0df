import { unzipSync } from 'fflate';
import type { MailAttachment, MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDate, parseSize, result } from '../util.ts';
import { parseCsv } from '../csv.ts';

/**
 * Vigil's own generic CSV format, for products Vigil has no parser for. The e-mail's subject starts
 * with "Backup Report CSV" (or "Backup CSV Report"); the data is the first CSV attachment, or the
 * first .csv file inside the first ZIP attachment. Columns (any order, case-insensitive): Device,
 * Status, Backup Date (required); Job, Client, Data Size (optional). One result per row.
 */

const ID = 'generic-csv';
const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 1000;

const STATUS_WORDS: Record<string, ParsedStatus> = {
  success: 'Success',
  successful: 'Success',
  finished: 'Success',
  normal: 'Success',
  completed: 'Success',
  ok: 'Success',
  warning: 'Warning',
  partial: 'Warning',
  'completed with warnings': 'Warning',
  error: 'Failure',
  failed: 'Failure',
  failure: 'Failure',
  fatal: 'Failure',
  aborted: 'Failure',
  missed: 'Failure',
};

const REQUIRED = ['Device', 'Status', 'Backup Date'] as const;
const OPTIONAL = ['Job', 'Client', 'Data Size'] as const;

function detect(msg: MailMessage): boolean {
  return /^\s*backup (?:report csv|csv report)/i.test(msg.subject);
}

const isCsv = (a: MailAttachment) => /\.csv$/i.test(a.filename) || /^(?:text|application)\/csv\b/i.test(a.contentType);
const isZip = (a: MailAttachment) =>
  /\.zip$/i.test(a.filename) || /^application\/(?:x-)?zip(?:-compressed)?\b/i.test(a.contentType);

/** The first .csv file of a ZIP archive, after refusing archives that are too large or have too many entries. */
export function csvFromZip(zip: Uint8Array): Uint8Array {
  // First pass: headers only (the filter declines every entry, so nothing is inflated).
  let entries = 0;
  let total = 0;
  let chosen: string | null = null;
  unzipSync(zip, {
    filter: (f) => {
      entries += 1;
      if (entries > MAX_ZIP_ENTRIES) throw new Error(`ZIP attachment refused: more than ${MAX_ZIP_ENTRIES} entries`);
      total += f.originalSize;
      if (f.originalSize > MAX_UNZIPPED_BYTES || total > MAX_UNZIPPED_BYTES)
        throw new Error(`ZIP attachment refused: more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB uncompressed`);
      if (chosen === null && /\.csv$/i.test(f.name) && !/(^|\/)__MACOSX\//.test(f.name)) chosen = f.name;
      return false;
    },
  });
  if (chosen === null) throw new Error('the ZIP attachment contains no .csv file');
  const name: string = chosen;
  // Second pass: inflate only the chosen entry (its declared size was checked above and bounds the output).
  const files = unzipSync(zip, { filter: (f) => f.name === name });
  const data = files[name];
  if (!data) throw new Error('the ZIP attachment could not be read');
  return data;
}

function csvBytes(msg: MailMessage): Uint8Array {
  const csv = msg.attachments.find(isCsv);
  if (csv) {
    if (csv.content.length > MAX_UNZIPPED_BYTES)
      throw new Error(`CSV attachment refused: larger than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
    return csv.content;
  }
  const zip = msg.attachments.find(isZip);
  if (zip) return csvFromZip(zip.content);
  throw new Error('no CSV attachment (or ZIP attachment with a .csv file) found');
}

function mapStatus(word: string): { status: ParsedStatus; failureText: string | null } {
  const w = word.trim().replace(/\s+/g, ' ');
  const status = STATUS_WORDS[w.toLowerCase()];
  return status ? { status, failureText: null } : { status: 'Failure', failureText: `Unknown status "${w}"` };
}

function sizeOf(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  return parseSize(v);
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = new TextDecoder('utf-8').decode(csvBytes(msg));
  const rows = parseCsv(text);
  if (!rows.length) throw new Error('the CSV file is empty');
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const col: Record<string, number> = {};
  for (const name of [...REQUIRED, ...OPTIONAL]) col[name] = header.indexOf(name.toLowerCase());
  const missing = REQUIRED.filter((name) => col[name] < 0);
  if (missing.length)
    throw new Error(
      `the CSV file lacks the required column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}`,
    );

  const get = (row: string[], name: string): string => (col[name] >= 0 ? (row[col[name]] ?? '').trim() : '');
  return rows.slice(1).map((row) => {
    const device = get(row, 'Device');
    const { status, failureText } = mapStatus(get(row, 'Status'));
    return result(ID, {
      jobName: get(row, 'Job') || device,
      deviceName: device,
      status,
      failureText,
      startTime: parseDate(get(row, 'Backup Date')),
      sizeBytes: sizeOf(get(row, 'Data Size')),
      clientId: get(row, 'Client') || null,
    });
  });
}

export const genericCsv: VendorParser = { id: ID, name: 'Generic CSV', detect, parse };
