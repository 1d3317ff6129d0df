import type { ReportCell, ReportColumn, ReportDocument } from '@vigil/contract';
import { offsetAt, zoneFor, type Zone } from '../../../status/zone.ts';

/** Day status names (platform §3). */
export const STATUS_NAMES: Record<number, string> = {
  0: 'Not scheduled',
  1: 'Success',
  2: 'Warning',
  3: 'Failure',
  4: 'No Result',
  5: 'Pending',
  6: 'Suppressed No Result',
};

/** The web's light status palette (packages/web/src/app/theme/theme.ts): reports are printed light. */
export const STATUS_COLOURS: Record<number, string> = {
  0: '#d5dae2',
  1: '#1f9d63',
  2: '#d99a00',
  3: '#e0474c',
  4: '#8a94a6',
  5: '#3b7ddd',
  6: '#b9c1cd',
};

export function statusName(value: ReportCell): string {
  if (value === null || value === '') return '';
  return STATUS_NAMES[Number(value)] ?? String(value);
}

/** `#rrggbb` mixed with white: `amount` 0 is white, 1 the colour itself. */
export function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(255 - (255 - c) * amount);
  const rgb = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** `#rrggbb` darkened towards black, for text on a tint of the same colour. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * (1 - amount));
  const rgb = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Status cells: a light tint behind text in a darker shade of the status colour. */
export function statusStyle(value: ReportCell): { fill: string; text: string } | null {
  const colour = value === null || value === '' ? undefined : STATUS_COLOURS[Number(value)];
  return colour ? { fill: tint(colour, 0.2), text: shade(colour, 0.35) } : null;
}

const TOKENS = /yyyy|YYYY|yy|YY|MM|M|DD|dd|D|d|HH|H|hh|h|mm|ss|A|a/g;
const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a wall-clock reading (a Date whose UTC fields are the local time) with a tenant pattern. */
export function formatWall(wall: Date, pattern: string): string {
  const hour = wall.getUTCHours();
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return pattern.replace(TOKENS, (t) => {
    switch (t) {
      case 'yyyy':
      case 'YYYY':
        return String(wall.getUTCFullYear());
      case 'yy':
      case 'YY':
        return pad(wall.getUTCFullYear() % 100);
      case 'MM':
        return pad(wall.getUTCMonth() + 1);
      case 'M':
        return String(wall.getUTCMonth() + 1);
      case 'DD':
      case 'dd':
        return pad(wall.getUTCDate());
      case 'D':
      case 'd':
        return String(wall.getUTCDate());
      case 'HH':
        return pad(hour);
      case 'H':
        return String(hour);
      case 'hh':
        return pad(h12);
      case 'h':
        return String(h12);
      case 'mm':
        return pad(wall.getUTCMinutes());
      case 'ss':
        return pad(wall.getUTCSeconds());
      default:
        return hour < 12 ? (t === 'A' ? 'AM' : 'am') : t === 'A' ? 'PM' : 'pm';
    }
  });
}

/** The tenant pattern as an Excel number format ('MM/DD/yyyy hh:mm A' → 'mm/dd/yyyy hh:mm AM/PM'). */
export function excelFormat(pattern: string): string {
  return pattern.replace(TOKENS, (t) => {
    if (t === 'A' || t === 'a') return 'AM/PM';
    if (t === 'MM') return 'mm';
    if (t === 'M') return 'm';
    if (t === 'HH') return 'hh';
    if (t === 'H') return 'h';
    return t.toLowerCase();
  });
}

/**
 * Reads and formats cells in one document's formats and zone. Date cells are calendar days
 * ('YYYY-MM-DD', no zone); datetime cells are instants shown in the tenant's time zone.
 */
export class CellFormat {
  readonly datePattern: string;
  readonly dateTimePattern: string;
  private readonly zone: Zone;

  constructor(doc: Pick<ReportDocument, 'dateFormat' | 'timeFormat' | 'timeZone'>) {
    this.datePattern = doc.dateFormat || 'MM/DD/yyyy';
    this.dateTimePattern = `${this.datePattern} ${doc.timeFormat || 'hh:mm A'}`;
    this.zone = zoneFor(doc.timeZone);
  }

  /** A date or datetime cell as a wall-clock Date (UTC fields = local reading); null if unreadable. */
  wall(type: 'date' | 'datetime', value: ReportCell): Date | null {
    if (value === null || value === '') return null;
    if (type === 'date') {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    }
    const t = typeof value === 'number' ? value : Date.parse(value);
    if (!Number.isFinite(t)) return null;
    return new Date(t + offsetAt(this.zone, t));
  }

  date(value: ReportCell): string {
    const wall = this.wall('date', value);
    return wall ? formatWall(wall, this.datePattern) : String(value ?? '');
  }

  dateTime(value: ReportCell): string {
    const wall = this.wall('datetime', value);
    return wall ? formatWall(wall, this.dateTimePattern) : String(value ?? '');
  }

  /** A cell as the text a reader sees (HTML, PDF and CSV). */
  text(column: ReportColumn, value: ReportCell): string {
    if (value === null) return '';
    switch (column.type) {
      case 'date':
        return this.date(value);
      case 'datetime':
        return this.dateTime(value);
      case 'status':
        return statusName(value);
      case 'percent':
        return typeof value === 'number' ? `${value.toFixed(1)}%` : value;
      case 'number':
        return typeof value === 'number' ? numberText(value) : value;
      default:
        return String(value);
    }
  }
}

function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** "Generated 11/23/2026 05:30 PM" and "11/01/2026 – 11/30/2026" lines for report headers. */
export function headerLines(
  doc: ReportDocument,
  fmt = new CellFormat(doc),
): { generated: string; range: string | null } {
  return {
    generated: `Generated ${fmt.dateTime(doc.generatedAt)}`,
    range: doc.range ? `${fmt.date(doc.range.From)} – ${fmt.date(doc.range.To)}` : null,
  };
}

/** Relative column widths: the engine's hints, or a default by type. */
export function widthHints(columns: ReportColumn[]): number[] {
  const byType: Record<ReportColumn['type'], number> = {
    text: 3,
    number: 1,
    percent: 1.2,
    date: 1.5,
    datetime: 2.2,
    status: 1.8,
  };
  return columns.map((c) => (c.width && c.width > 0 ? c.width : byType[c.type]));
}

/**
 * `<Title> <From>–<To>.<ext>` with ISO days (they sort and never hold a slash), or the
 * generated day when the report has no range; characters file systems refuse become '-'.
 */
export function reportFileName(doc: ReportDocument, ext: string): string {
  const fmt = new CellFormat(doc);
  const day = (wall: Date | null) => (wall ? wall.toISOString().slice(0, 10) : '');
  const when = doc.range
    ? `${day(fmt.wall('date', doc.range.From))}–${day(fmt.wall('date', doc.range.To))}`
    : day(fmt.wall('datetime', doc.generatedAt));
  const base = `${doc.title || 'Report'} ${when}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '')
    .slice(0, 150);
  return `${base || 'Report'}.${ext}`;
}

/** Pixel size of a PNG, JPEG or GIF (for fitting a logo); null when unreadable. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1];
      const length = bytes.readUInt16BE(i + 2);
      // Start-of-frame markers carry the size; DHT (C4), JPG (C8) and DAC (CC) do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/** Fits a logo into a box, keeping its aspect ratio. */
export function fitLogo(bytes: Buffer, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const size = imageSize(bytes);
  if (!size || size.width <= 0 || size.height <= 0) return { width: maxHeight, height: maxHeight };
  const scale = Math.min(maxWidth / size.width, maxHeight / size.height);
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

export interface RenderOptions {
  landscape?: boolean;
  formatA2?: boolean;
  logo?: { type: string; bytes: Buffer } | null;
  /** The tenant's branding footer text, printed at the foot of every page or sheet. */
  footerText?: string | null;
  /** The tenant's primary brand colour (#rrggbb): the rule under the header of PDF and HTML reports. */
  primaryColor?: string | null;
}

export function rowCount(doc: ReportDocument): number {
  return doc.sections.reduce((n, s) => n + s.rows.length, 0);
}
