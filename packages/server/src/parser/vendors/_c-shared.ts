import { MONTHS, decodeEntities, floatingDate } from '../util.ts';

/** Small helpers shared by group "c" vendor parsers only (no I/O, no clock). */

/** Trimmed, de-duplicated messages joined with '; ', or null when there are none. */
export function joinMessages(messages: (string | null | undefined)[]): string | null {
  const seen = new Set<string>();
  for (const m of messages) {
    const t = (m ?? '').replace(/\s+/g, ' ').trim();
    if (t) seen.add(t);
  }
  return seen.size ? [...seen].join('; ') : null;
}

/** Whole seconds from start to end, or null when either is missing or the span is negative. */
export function secondsBetween(start: Date | null, end: Date | null): number | null {
  if (!start || !end) return null;
  const s = Math.round((end.getTime() - start.getTime()) / 1000);
  return s >= 0 ? s : null;
}

/** Month number (1-12) of an English month name or abbreviation, or null. */
export function monthNumber(name: string): number | null {
  return MONTHS[name.slice(0, 3).toLowerCase()] ?? null;
}

/** A wall-clock time without a zone (floating: corrected after parsing), null when invalid. */
export function utcDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  return floatingDate(y, mo, d, h, mi, s);
}

/** 12-hour clock to 24-hour. */
export function hour24(h: number, ampm: string | undefined): number {
  if (!ampm) return h;
  return (h % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
}

/** The body text with CRLF normalised to LF. */
export function bodyText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Every table of an HTML body as rows of trimmed cell texts, innermost tables first, each without
 * the tables nested in it, so layout tables that wrap the data tables do not hide them. (A local
 * variant of util.htmlTables, whose outer-first scan skips tables nested inside other tables.)
 * One linear scan over the table tags.
 */
export function innerTables(html: string): string[][][] {
  const tables: string[][][] = [];
  const stack: { cursor: number; pieces: string[] }[] = [];
  const tags = /<(\/?)table\b[^>]*>/gi;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    const top = stack[stack.length - 1];
    if (!m[1]) {
      if (top) top.pieces.push(html.slice(top.cursor, m.index));
      stack.push({ cursor: m.index + m[0].length, pieces: [] });
      continue;
    }
    const frame = stack.pop();
    if (!frame) continue;
    frame.pieces.push(html.slice(frame.cursor, m.index));
    tables.push(tableRows(frame.pieces.join(' ')));
    const parent = stack[stack.length - 1];
    if (parent) parent.cursor = m.index + m[0].length;
  }
  return tables;
}

function tableRows(inner: string): string[][] {
  const rows: string[][] = [];
  for (const tr of inner.match(/<tr\b[^>]*>[\s\S]*?<\/tr\s*>/gi) ?? []) {
    const cells = (tr.match(/<t[dh]\b[^>]*>[\s\S]*?<\/t[dh]\s*>/gi) ?? []).map((c) => {
      const bare = c.replace(/<[^>]+>/g, ' ');
      return (bare.includes('&') ? decodeEntities(bare) : bare).replace(/\s+/g, ' ').trim();
    });
    if (cells.length) rows.push(cells);
  }
  return rows;
}
