/**
 * Pure helpers of the e-mail intake screens (tenant Mailboxes, admin Parsing): labels, filters,
 * formatting and client-side checks that mirror the server's rules.
 */
import {
  MAX_FILE_SIZE,
  ProcessingState,
  type ProcessedEmail,
  type ProcessedResult,
  type ProcessingState as ProcessingStateName,
} from '@vigil/contract';

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';
export type ParsedStatus = ProcessedResult['Status'];

/**
 * Display names of the parser ids the API reports (the names of the server's vendor parsers;
 * the e-mail rows carry only the id). An id not in the list is shown title-cased, so a new
 * parser still reads sensibly.
 */
const VENDOR_NAMES: Record<string, string> = {
  acronis: 'Acronis Cyber Protect',
  altaro: 'Altaro / Hornetsecurity VM Backup',
  'arcserve-udp': 'Arcserve UDP',
  axcient: 'Axcient x360Recover',
  'backup-exec': 'Veritas Backup Exec',
  bacula: 'Bacula / Bareos',
  carbonite: 'Carbonite',
  comet: 'Comet Backup',
  cove: 'N-able Cove Data Protection',
  'datto-bcdr': 'Datto BCDR (SIRIS/ALTO)',
  'datto-saas': 'Datto SaaS Protection',
  dropsuite: 'Dropsuite',
  duplicati: 'Duplicati',
  'generic-csv': 'Generic CSV',
  iperius: 'Iperius Backup',
  macrium: 'Macrium Reflect',
  msp360: 'MSP360 Managed Backup',
  nakivo: 'NAKIVO Backup & Replication',
  'proxmox-pbs': 'Proxmox Backup Server',
  'proxmox-vzdump': 'Proxmox VE vzdump',
  redstor: 'Redstor Backup',
  shadowprotect: 'StorageCraft ShadowProtect',
  skykick: 'SkyKick Cloud Backup',
  'synology-active-backup': 'Synology Active Backup for Business',
  'synology-hyper-backup': 'Synology Hyper Backup',
  unitrends: 'Unitrends Backup',
  urbackup: 'UrBackup',
  'veeam-agent': 'Veeam Agent',
  'veeam-br': 'Veeam Backup & Replication',
  'veeam-m365': 'Veeam Backup for Microsoft 365',
  'windows-server-backup': 'Windows Server Backup',
  'xen-orchestra': 'Xen Orchestra',
};

/** "veeam-br" → "Veeam Backup & Replication"; an unknown id is title-cased ("foo-bar" → "Foo Bar"). */
export function vendorLabel(id: string | null | undefined): string {
  if (!id) return '';
  const known = VENDOR_NAMES[id.toLowerCase()];
  if (known) return known;
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

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

/** 1536 → "1.5 KB" (binary multiples, one decimal under 10). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  const text = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${units[unit]}`;
}

/** 516 → "8m 36s"; 3725 → "1h 2m"; 42 → "42s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m ? `${h}h ${m}m` : `${h}h`;
  return rest ? `${m}m ${rest}s` : `${m}m`;
}

/** The name a downloaded e-mail is saved under: "12-Backup-job-DC-Servers.eml". */
export function emlFileName(emailId: number, subject: string): string {
  const base = subject
    .replace(/[^\w .-]+/g, '')
    .trim()
    .slice(0, 60)
    .trim()
    .replace(/\s+/g, '-');
  return `${emailId}${base ? `-${base}` : ''}.eml`;
}

/** The filters of an e-mail list, as kept in the address bar. */
export interface EmailFilters {
  page: number;
  search: string;
  state: ProcessingStateName | '';
  unrecognised: boolean;
  tenantId: number | null;
}

/** Reads the filters from the query string, ignoring values that are not valid. */
export function readEmailFilters(params: URLSearchParams): EmailFilters {
  const page = Math.floor(Number(params.get('page')));
  const state = params.get('state') ?? '';
  const tenant = Math.floor(Number(params.get('tenant')));
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').replace(/^\s+/, ''),
    state: (ProcessingState as readonly string[]).includes(state) ? (state as ProcessingStateName) : '',
    unrecognised: params.get('unrecognised') === 'true',
    tenantId: Number.isFinite(tenant) && tenant > 0 ? tenant : null,
  };
}

/**
 * Writes filters back into a query string, keeping unrelated parameters (the active tab) and
 * leaving defaults out so the address stays short.
 */
export function writeEmailFilters(current: URLSearchParams, next: Partial<EmailFilters>): URLSearchParams {
  const out = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  if ('page' in next) set('page', next.page && next.page > 1 ? String(next.page) : null);
  if ('search' in next) set('search', next.search?.trim() ? next.search : null);
  if ('state' in next) set('state', next.state || null);
  if ('unrecognised' in next) set('unrecognised', next.unrecognised ? 'true' : null);
  if ('tenantId' in next) set('tenant', next.tenantId ? String(next.tenantId) : null);
  return out;
}

/**
 * The query of GET …/processed-emails. Empty values are left out, and so is unrecognised=false:
 * the server reads any value of that flag as true.
 */
export function emailListQuery(
  filters: Omit<EmailFilters, 'page'> & { page: number; size: number },
  searchKey: 'search' | 'email' = 'search',
): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = { Page: filters.page, Size: filters.size };
  const search = filters.search.trim();
  if (search) q[searchKey] = search;
  if (filters.state) q.state = filters.state;
  if (filters.unrecognised) q.unrecognised = true;
  if (filters.tenantId) q.tenantId = filters.tenantId;
  return q;
}

export const EML_TYPES = ['.eml', '.txt'] as const;

/**
 * Checks a file chosen for test parsing (features §5.4 upload messages). Returns the problem,
 * or null when the file may be sent.
 */
export function emlFileProblem(
  file: { name: string; size: number; type?: string },
  maxBytes: number = MAX_FILE_SIZE,
): string | null {
  const name = file.name.toLowerCase();
  const typeOk = EML_TYPES.some((ext) => name.endsWith(ext)) || file.type === 'message/rfc822';
  if (!typeOk) return `File "${file.name}" has invalid type. Allowed types: ${EML_TYPES.join(', ')}`;
  if (file.size > maxBytes)
    return `File "${file.name}" size is ${formatBytes(file.size)}. Max size is ${formatBytes(maxBytes)}`;
  if (file.size === 0) return `File "${file.name}" is empty.`;
  return null;
}

const ALIAS_LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/**
 * Checks an alias as typed (a local part, or a whole address on the inbound domain), with the
 * server's rules. Returns the local part, or the message to show.
 */
export function parseAlias(input: string, domain: string): { local: string } | { error: string } {
  const value = input.trim().toLowerCase();
  if (!value) return { error: 'Enter an alias, for example "backups".' };
  let local = value;
  const at = value.lastIndexOf('@');
  if (at >= 0) {
    if (value.slice(at + 1) !== domain.toLowerCase()) return { error: `An alias must be an address on ${domain}.` };
    local = value.slice(0, at);
  }
  if (local.includes('+'))
    return { error: 'Leave out the "+" part: plus-addressing works on every address automatically.' };
  if (!ALIAS_LOCAL_PART.test(local))
    return { error: 'Use letters, digits, dots, dashes or underscores (up to 64) for an alias.' };
  return { local };
}

/**
 * Which columns of the e-mail list fit the room it has (measured, so an open or collapsed
 * sidebar counts): cards when narrow; then a table that gains the received and tenant columns
 * as it widens. The results column takes about 28% of the width, within 240–400 px.
 */
export function emailTableLayout(width: number, showTenant: boolean) {
  const table = width >= 640;
  const received = width >= 760;
  const tenant = showTenant && width >= 1100;
  return {
    table,
    received,
    tenant,
    resultsWidth: Math.round(Math.min(400, Math.max(240, width * 0.28))),
    /** Expand button, e-mail, state and results, plus the optional ones. */
    columns: 4 + Number(received) + Number(tenant),
  };
}

/**
 * Which columns of a results table fit: stacked cards under 560 px, then the less important
 * columns join as room grows; the vendor column only when the results come from several parsers.
 */
export function resultColumns(width: number, mixedVendors: boolean) {
  return {
    cards: width < 560,
    type: width >= 640,
    started: width >= 760,
    duration: width >= 860,
    size: width >= 860,
    client: width >= 1000,
    vendor: mixedVendors && width >= 1000,
  };
}

/** "demo@inbound.example" + "acme" → "demo+acme@inbound.example". */
export function plusAddress(address: string, tag: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return `${address.slice(0, at)}+${tag}${address.slice(at)}`;
}

/** A long raw e-mail is shown up to `max` characters; the download has the rest. */
export function clipText(text: string, max = 400_000): { text: string; clipped: boolean } {
  if (text.length <= max) return { text, clipped: false };
  return { text: text.slice(0, max), clipped: true };
}

/** Splits a raw e-mail into its header block and body (at the first empty line). */
export function splitRawEmail(raw: string): { headers: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: raw, body: '' };
  return { headers: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}
