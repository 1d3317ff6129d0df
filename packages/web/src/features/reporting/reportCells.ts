import type { ReportCell, ReportColumn, ReportDocument } from '@vigil/contract';
import { dayStatusInfo } from '../../lib/audit';
import { dayIn, formatDay } from '../../lib/days';
import { formatDate } from '../../lib/format';

/** The tenant's formats a report is written with (the document carries them). */
export interface CellFormats {
  dateFormat: string;
  timeFormat: string;
  timeZone: string;
}

export function formatsOf(doc: Pick<ReportDocument, 'dateFormat' | 'timeFormat' | 'timeZone'>): CellFormats {
  return { dateFormat: doc.dateFormat, timeFormat: doc.timeFormat, timeZone: doc.timeZone };
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A cell as the HTML report shows it: numbers grouped, percent (0–100) with one decimal (as in the files),
 * days and times in the tenant's patterns and zone, statuses by name; empty cells stay empty.
 */
export function formatCell(value: ReportCell, type: ReportColumn['type'], f: CellFormats): string {
  if (value === null || value === '') return '';
  switch (type) {
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${percentFormat.format(value)}%` : String(value);
    case 'date':
      return typeof value === 'string' ? formatDay(value.slice(0, 10), f.dateFormat) || value : String(value);
    case 'datetime':
      return formatDate(value, `${f.dateFormat} ${f.timeFormat}`, f.timeZone) || String(value);
    case 'status':
      return typeof value === 'number' ? dayStatusInfo(value).label : String(value);
    default:
      return String(value);
  }
}

/** Numeric columns are right-aligned so figures line up. */
export function isNumericColumn(type: ReportColumn['type']): boolean {
  return type === 'number' || type === 'percent';
}

/** "MM/DD/yyyy – MM/DD/yyyy" for the header, or null for reports without a range. */
export function rangeText(doc: Pick<ReportDocument, 'range' | 'dateFormat'>): string | null {
  if (!doc.range) return null;
  const from = formatDay(doc.range.From, doc.dateFormat) || doc.range.From;
  const to = formatDay(doc.range.To, doc.dateFormat) || doc.range.To;
  return from === to ? from : `${from} – ${to}`;
}

/** Rows over all sections (what the job reports as its row count). */
export function rowCount(doc: Pick<ReportDocument, 'sections'>): number {
  return doc.sections.reduce((n, s) => n + s.rows.length, 0);
}

const EXTENSIONS = { pdf: 'pdf', excel: 'xlsx', csv: 'csv', html: 'html' } as const;

/**
 * The file a download is saved as, named like the server names it: "<Title> <From>–<To>.<ext>"
 * (days as yyyy-MM-DD; the day it was generated when the report has no range), with the
 * characters file systems refuse replaced.
 */
export function reportFileName(
  doc: Pick<ReportDocument, 'title' | 'range' | 'generatedAt' | 'timeZone'>,
  format: keyof typeof EXTENSIONS,
): string {
  let when = '';
  if (doc.range) when = `${doc.range.From.slice(0, 10)}–${doc.range.To.slice(0, 10)}`;
  else {
    try {
      when = dayIn(doc.generatedAt, doc.timeZone);
    } catch {
      when = doc.generatedAt.slice(0, 10);
    }
  }
  const base = `${doc.title || 'Report'} ${when}`
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  return `${base.slice(0, 150) || 'Report'}.${EXTENSIONS[format]}`;
}
