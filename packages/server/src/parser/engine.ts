import type { MailMessage, ParsedResult, VendorParser } from './types.ts';
import { vendorParsers } from './vendors/index.ts';
import { headerOffsetMinutes, isFloating, withDayOrder } from './util.ts';
import { dayOrderHint, zoneOffsetAt } from './locale.ts';
import { readGeneric, GENERIC_THRESHOLD, type GenericReading } from './generic/index.ts';
import { readWithTenantRules, type TenantRule } from './tenant/rule.ts';

/** What the generic reader decided, attached when it read the e-mail. */
export interface GenericSummary {
  confidence: number;
  reasons: string[];
  isReport: boolean;
  /** Below the threshold and a report: a person should look (the e-mail's "NeedsReview" state). */
  needsReview: boolean;
}

export interface ParseOutcome {
  vendor: string | null;
  results: ParsedResult[];
  /** Why nothing came out, when nothing did. */
  reason: string | null;
  /** Present when no vendor parser claimed the e-mail and the generic reader read it. */
  generic?: GenericSummary;
}

/** The vendor id of results the generic reader files. */
export const GENERIC_VENDOR = 'generic';

/**
 * The pure parser engine: the first vendor whose detector claims the message extracts its
 * results. No I/O, no clock: the same message always gives the same outcome.
 */
export function parseMail(
  msg: MailMessage,
  parsers: readonly VendorParser[] = vendorParsers,
  tenantRules: readonly TenantRule[] = [],
): ParseOutcome {
  const parser = parsers.find((p) => {
    try {
      return p.detect(msg);
    } catch {
      return false;
    }
  });
  if (!parser) {
    // Tenant parsers come after the built-in vendors and before the generic reader.
    const taught = readWithTenantRules(tenantRules, msg);
    if (taught) return { vendor: taught.rule.vendor, results: [taught.result], reason: null };
    return readUnclaimed(msg);
  }
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
 * An e-mail no vendor parser claims: the generic reader files one result at or above the
 * threshold; below it a report waits for review and anything else stays unrecognised.
 */
export function readUnclaimed(msg: MailMessage): ParseOutcome {
  let reading: GenericReading;
  try {
    reading = readGeneric(msg);
  } catch {
    return { vendor: null, results: [], reason: 'No parser recognises this e-mail' };
  }
  const { confidence, reasons, isReport } = reading;
  const filed = reading.status !== null && isReport && confidence >= GENERIC_THRESHOLD;
  const generic: GenericSummary = { confidence, reasons, isReport, needsReview: !filed && isReport };
  if (filed) {
    const result: ParsedResult = {
      vendor: GENERIC_VENDOR,
      jobName: reading.jobName,
      deviceName: reading.deviceName,
      status: reading.status!,
      startTime: null,
      endTime: null,
      resultKind: 'Primary Backup',
      storageKind: null,
      backupType: 'Backup',
      sizeBytes: null,
      durationSeconds: null,
      failureText: reading.failureText,
      clientId: null,
    };
    return { vendor: GENERIC_VENDOR, results: [result], reason: null, generic };
  }
  if (!isReport) return { vendor: null, results: [], reason: 'No parser recognises this e-mail', generic };
  return {
    vendor: null,
    results: [],
    reason: `Needs review: the generic reader is not sure (confidence ${confidence.toFixed(2)}): ${reasons.join('; ')}`,
    generic,
  };
}

/** What the intake knows of the tenant an e-mail is filed for. */
export interface FilingContext {
  /** The tenant's IANA zone: the zone of wall-clock times when the Date header has no offset. */
  timeZone?: string | null;
  /** The tenant's date format ("DD/MM/yyyy"): a hint for the day/month order of ambiguous dates. */
  dateFormat?: string | null;
  /** The tenant's enabled parsers and the promoted ones, in the order they are tried. */
  tenantRules?: TenantRule[];
}

/**
 * Puts wall-clock times read without a zone at their real instant: vendors print the backup
 * server's local time, and the e-mail's Date header, written by the same server, carries that
 * server's offset. Without an offset in the header the tenant's zone is taken; without either
 * the times stay as read (UTC). Ambiguous slash dates ("05/11/2026") first take the day/month
 * order of the e-mail's locale (`dayOrderHint`).
 */
export function localizeTimes(outcome: ParseOutcome, msg: MailMessage, context: FilingContext = {}): ParseOutcome {
  if (!outcome.results.length) return outcome;
  const offset = headerOffsetMinutes(msg.headers['date']);
  const order = dayOrderHint(msg, context.dateFormat);
  const zone = offset === null && context.timeZone ? context.timeZone : null;
  const fix = (read: Date | null) => {
    const d = withDayOrder(read, order);
    if (!d || !isFloating(d)) return d;
    const minutes = zone ? (zoneOffsetAt(zone, d) ?? 0) : (offset ?? 0);
    return minutes ? new Date(d.getTime() - minutes * 60_000) : d;
  };
  return {
    ...outcome,
    results: outcome.results.map((r) => ({ ...r, startTime: fix(r.startTime), endTime: fix(r.endTime) })),
  };
}

/** What the intake files: the engine's outcome with its times localized. */
export function parseForFiling(msg: MailMessage, context: FilingContext = {}): ParseOutcome {
  return localizeTimes(parseMail(msg, vendorParsers, context.tenantRules ?? []), msg, context);
}
