import type { MailMessage, ParsedResult, VendorParser } from './types.ts';
import { vendorParsers } from './vendors/index.ts';

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
