// Processing states of a received e-mail and the summary of its parsed results.
import {
  type ProcessedEmail,
  type ProcessedResult,
  type ProcessingState as ProcessingStateName,
} from '@vigil/contract';

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';
export type ParsedStatus = ProcessedResult['Status'];

export interface StateInfo {
  label: string;
  tone: Tone;
  description: string;
}

/** How each processing state (platform §3) reads on screen. */
export const STATE_INFO: Record<ProcessingStateName, StateInfo> = {
  None: { label: 'Received', tone: 'info', description: 'Stored and about to be queued for parsing.' },
  Waiting: { label: 'Queued', tone: 'info', description: 'Waiting in the queue to be parsed.' },
  InProgress: { label: 'Parsing', tone: 'info', description: 'Being parsed right now.' },
  WaitingForRetry: {
    label: 'Retry pending',
    tone: 'warning',
    description: 'Parsing failed for a temporary reason; it will be tried again shortly.',
  },
  Retrying: { label: 'Retrying', tone: 'warning', description: 'Being parsed again after a temporary failure.' },
  Processed: { label: 'Processed', tone: 'success', description: 'Parsing is finished.' },
  Inactive: {
    label: 'Inactive',
    tone: 'default',
    description: 'Parsed; the results belong to backups that are not monitored yet.',
  },
  NeedsReview: {
    label: 'Needs review',
    tone: 'warning',
    description: 'Looks like a backup report, but the generic reader was not sure enough to file a result.',
  },
};

export function stateInfo(state: string): StateInfo {
  return STATE_INFO[state as ProcessingStateName] ?? { label: state, tone: 'default', description: '' };
}

const FINAL_STATES: readonly string[] = ['Processed', 'Inactive', 'NeedsReview'];

/** Still on its way through the queue (the list refreshes itself while any e-mail is). */
export function isPendingState(state: string): boolean {
  return !FINAL_STATES.includes(state);
}

export function hasPendingEmails(emails: readonly Pick<ProcessedEmail, 'State'>[] | undefined): boolean {
  return !!emails?.some((e) => isPendingState(e.State));
}

/** Parsed to the end and no parser recognised it (the server's "unrecognised" filter). */
export function isUnrecognised(email: Pick<ProcessedEmail, 'Vendor' | 'State'>): boolean {
  return !email.Vendor && !isPendingState(email.State);
}

export interface ResultSummary {
  total: number;
  Success: number;
  Warning: number;
  Failure: number;
  /** The most severe status present, or null for no results. */
  worst: ParsedStatus | null;
}

export function summariseResults(results: readonly Pick<ProcessedResult, 'Status'>[]): ResultSummary {
  const s: ResultSummary = { total: results.length, Success: 0, Warning: 0, Failure: 0, worst: null };
  for (const r of results) s[r.Status] += 1;
  s.worst = s.Failure ? 'Failure' : s.Warning ? 'Warning' : s.Success ? 'Success' : null;
  return s;
}
