import type { MailMessage, ParsedResult, VendorParser } from './types.ts';
import { vendorParsers } from './vendors/index.ts';
import { headerOffsetMinutes, isFloating } from './util.ts';

export interface ParseOutcome {
  vendor: string | null;
  results: ParsedResult[];
  /** Why nothing came out, when nothing did. */
  reason: string | null;
}

/**
 * The pure parser engine: the first vendor whose detector claims the message extracts its
 * results. No I/O, no clock: the same message always gives the same outcome.
 */
export function parseMail(msg: MailMessage, parsers: readonly VendorParser[] = vendorParsers): ParseOutcome {
  const parser = parsers.find((p) => {
    try {
      return p.detect(msg);
    } catch {
      return false;
    }
  });
  if (!parser) return { vendor: null, results: [], reason: 'No parser recognises this e-mail' };
  try {
    const results = parser.parse(msg);
    if (!results.length)
      return { vendor: parser.id, results, reason: `${parser.name}: no backup result found in the e-mail` };
    return { vendor: parser.id, results, reason: null };
  } catch (err) {
    return {
      vendor: parser.id,
      results: [],
      reason: `${parser.name}: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/**
 * Puts wall-clock times read without a zone at their real instant: vendors print the backup
 * server's local time, and the e-mail's Date header, written by the same server, carries that
 * server's offset. Without an offset in the header the times stay as read (UTC).
 */
export function localizeTimes(outcome: ParseOutcome, msg: MailMessage): ParseOutcome {
  const offset = headerOffsetMinutes(msg.headers['date']);
  if (!offset) return outcome;
  const fix = (d: Date | null) => (d && isFloating(d) ? new Date(d.getTime() - offset * 60_000) : d);
  return {
    ...outcome,
    results: outcome.results.map((r) => ({ ...r, startTime: fix(r.startTime), endTime: fix(r.endTime) })),
  };
}

/** What the intake files: the engine's outcome with its times localized. */
export function parseForFiling(msg: MailMessage): ParseOutcome {
  return localizeTimes(parseMail(msg), msg);
}
