import type { ParsedStatus } from './types.ts';
import { worst } from './util.ts';

/**
 * Scoring of the parser path against real e-mails whose right reading is known (the real-mail
 * corpus). Pure: the accuracy benchmark reads the samples and runs the path, this module only
 * counts.
 */

/** What a sample's JSON says the e-mail is. */
export interface SampleTruth {
  product: string;
  /** Our vendor parser id for this product, when one exists. */
  parser: string | null;
  expected: { status: ParsedStatus; isBackupReport: boolean };
}

/** What the path made of the e-mail. */
export interface SampleReading {
  /** The vendor (parser id, or the generic/tenant reader's name) the outcome names, if any. */
  vendor: string | null;
  /** Statuses of the results filed; empty when the e-mail was left unread or sent to review. */
  statuses: ParsedStatus[];
}

export interface SampleScore {
  /** A backup report whose status was read right (the worst of its results). */
  statusRight: boolean;
  /** The vendor parser named when one exists; otherwise no vendor parser wrongly claimed it. */
  vendorRight: boolean;
  /** Expected Warning or Failure, read as Success: the worst mistake a monitor can make. */
  falseGreen: boolean;
  /** A backup report nothing was filed for (unread, or waiting in review). */
  unrecognised: boolean;
  /** Not a backup report, yet results were filed for it. */
  wronglyFiled: boolean;
}

export function scoreSample(truth: SampleTruth, reading: SampleReading, vendorIds: ReadonlySet<string>): SampleScore {
  const filed = reading.statuses.length > 0;
  const read = filed ? worst(reading.statuses) : null;
  const report = truth.expected.isBackupReport;
  const vendorRight = truth.parser
    ? reading.vendor === truth.parser
    : !(reading.vendor && vendorIds.has(reading.vendor) && filed);
  return {
    statusRight: report && read === truth.expected.status,
    vendorRight,
    falseGreen: report && read === 'Success' && truth.expected.status !== 'Success',
    unrecognised: report && !filed,
    wronglyFiled: !report && filed,
  };
}

export interface AccuracyFigures {
  samples: number;
  /** Samples that are backup reports (status accuracy is over these). */
  reports: number;
  statusRight: number;
  /** statusRight / reports, as a percentage with one decimal; null with no reports. */
  statusAccuracy: number | null;
  /** Backup reports of products that have a vendor parser. */
  withParser: number;
  /** Status read right for backup reports of products that have a vendor parser. */
  withParserStatusRight: number;
  withParserStatusAccuracy: number | null;
  vendorRight: number;
  /** vendorRight / withParser as a percentage; null when no sample has a parser. */
  vendorAccuracy: number | null;
  falseGreens: number;
  unrecognised: number;
  /** Samples that are not backup reports, and how many of them were wrongly filed. */
  notReports: number;
  wronglyFiled: number;
}

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);

export function summarize(rows: { truth: SampleTruth; score: SampleScore }[]): AccuracyFigures {
  const reports = rows.filter((r) => r.truth.expected.isBackupReport);
  const withParser = reports.filter((r) => r.truth.parser);
  const statusRight = reports.filter((r) => r.score.statusRight).length;
  const vendorRight = withParser.filter((r) => r.score.vendorRight).length;
  return {
    samples: rows.length,
    reports: reports.length,
    statusRight,
    statusAccuracy: pct(statusRight, reports.length),
    withParser: withParser.length,
    withParserStatusRight: withParser.filter((r) => r.score.statusRight).length,
    withParserStatusAccuracy: pct(withParser.filter((r) => r.score.statusRight).length, withParser.length),
    vendorRight,
    vendorAccuracy: pct(vendorRight, withParser.length),
    falseGreens: rows.filter((r) => r.score.falseGreen).length,
    unrecognised: rows.filter((r) => r.score.unrecognised).length,
    notReports: rows.length - reports.length,
    wronglyFiled: rows.filter((r) => r.score.wronglyFiled).length,
  };
}
