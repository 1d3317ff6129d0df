import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Cove Data Protection payloads (JSON-RPC management API) → sessions, devices and customers.
 * Pure: no I/O. A device row of EnumerateAccountStatistics carries, per data source, the last
 * session's status (`DxxF00`), time (`DxxF15`, Unix seconds), duration (`DxxF12`), processed size
 * (`DxxF04`) and error count (`DxxF06`); each (device, data source, session time) is one session.
 */

/** Data sources Vigil reads, by column prefix: the job name and the backup type. */
export const DATA_SOURCES: Record<string, { job: string; type: string }> = {
  D01: { job: 'Files and Folders', type: 'Files' },
  D02: { job: 'System State', type: 'System State' },
  D03: { job: 'MS SQL', type: 'Database' },
  D06: { job: 'Network Shares', type: 'Files' },
  D07: { job: 'VSS System State', type: 'System State' },
  D08: { job: 'VMware', type: 'VM' },
  D10: { job: 'VSS MS SQL', type: 'Database' },
  D11: { job: 'VSS SharePoint', type: 'Database' },
  D12: { job: 'Oracle', type: 'Database' },
  D14: { job: 'VSS Hyper-V', type: 'VM' },
  D15: { job: 'MySQL', type: 'Database' },
  D19: { job: 'Microsoft 365 Exchange', type: 'Microsoft 365' },
  D20: { job: 'Microsoft 365 OneDrive', type: 'Microsoft 365' },
};

/** Per data source: last session status, processed size, errors, duration, last session time. */
export const SESSION_FIELDS = ['F00', 'F04', 'F06', 'F12', 'F15'] as const;

/** Device columns: name, customer, computer name, OS, client version, internal IPs, MAC, last update. */
export const DEVICE_COLUMNS = ['I1', 'I8', 'I18', 'I16', 'I17', 'I19', 'I21', 'TS'] as const;

/** Every column the connector asks EnumerateAccountStatistics for. */
export function statisticsColumns(): string[] {
  const columns: string[] = [...DEVICE_COLUMNS];
  for (const ds of Object.keys(DATA_SOURCES)) for (const f of SESSION_FIELDS) columns.push(ds + f);
  return columns;
}

/** The documented session status codes (column F00). */
export const SESSION_STATUS: Record<number, string> = {
  1: 'In process',
  2: 'Failed',
  3: 'Aborted',
  5: 'Completed',
  6: 'Interrupted',
  7: 'Not started',
  8: 'Completed with errors',
  9: 'In progress with faults',
  10: 'Over quota',
  11: 'No selection',
  12: 'Restarted',
};

/**
 * A finished session's result, or null while it is still running (1, 9, 12) or unknown. A session
 * that never started, ran over quota or had nothing selected protected nothing: Failure.
 */
export function mapStatus(code: number): VendorSession['status'] | null {
  switch (code) {
    case 5:
      return 'Success';
    case 8:
      return 'Warning';
    case 2:
    case 3:
    case 6:
    case 7:
    case 10:
    case 11:
      return 'Failure';
    default:
      return null;
  }
}

export interface CoveAccountRow {
  AccountId: number;
  PartnerId: number;
  Flags?: string[] | null;
  /** One single-key object per requested column, values as strings. */
  Settings: Record<string, string>[];
}

export interface CovePartner {
  Id: number;
  Name: string;
  Level?: string;
  ParentId?: number;
}

/** Flattens Settings ([{I1: 'x'}, {I8: 'y'}]) into one record. */
export function settingsOf(row: CoveAccountRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of row.Settings ?? []) Object.assign(out, entry);
  return out;
}

const num = (v: string | undefined): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function messageOf(code: number, errors: number | null): string | null {
  if (code === 5) return null;
  const text = SESSION_STATUS[code] ?? `Status ${code}`;
  return errors ? `${text} (${errors} ${errors === 1 ? 'error' : 'errors'})` : text;
}

/**
 * The finished sessions of one device row whose session time is after `afterSeconds`, oldest
 * first. Running sessions and data sources without a session are left out.
 */
export function sessionsOf(row: CoveAccountRow, afterSeconds: number): VendorSession[] {
  const s = settingsOf(row);
  const device = s.I1 || String(row.AccountId);
  const out: VendorSession[] = [];
  for (const [ds, info] of Object.entries(DATA_SOURCES)) {
    const code = num(s[ds + 'F00']);
    const at = num(s[ds + 'F15']);
    if (code === null || at === null || at <= afterSeconds) continue;
    const status = mapStatus(code);
    if (!status) continue;
    const duration = num(s[ds + 'F12']);
    out.push({
      sessionId: `${row.AccountId}:${ds}:${at}`,
      customerId: String(row.PartnerId),
      customerName: s.I8 || null,
      device,
      job: info.job,
      backupType: info.type,
      status,
      startTime: new Date(at * 1000),
      endTime: duration !== null ? new Date((at + duration) * 1000) : null,
      sizeBytes: num(s[ds + 'F04']),
      durationSeconds: duration,
      message: messageOf(code, num(s[ds + 'F06'])),
      assetId: String(row.AccountId),
    });
  }
  return out.sort((a, b) => a.startTime!.getTime() - b.startTime!.getTime());
}

/**
 * The earliest start (Unix seconds, after `afterSeconds`) of a session of this device that is still
 * running, or null: the cursor must not pass it, or the session would be missed once it finishes.
 */
export function runningSince(row: CoveAccountRow, afterSeconds: number): number | null {
  const s = settingsOf(row);
  let earliest: number | null = null;
  for (const ds of Object.keys(DATA_SOURCES)) {
    const code = num(s[ds + 'F00']);
    const at = num(s[ds + 'F15']);
    if (code === null || at === null || at <= afterSeconds || mapStatus(code) !== null || !SESSION_STATUS[code])
      continue;
    earliest = earliest === null ? at : Math.min(earliest, at);
  }
  return earliest;
}

/** The session time a cursor records (Unix seconds). */
export const sessionSeconds = (session: VendorSession) => Math.floor((session.startTime?.getTime() ?? 0) / 1000);

/** A backup device with the side menu's fields. */
export function assetOf(row: CoveAccountRow): VendorAsset {
  const s = settingsOf(row);
  const name = s.I1 || String(row.AccountId);
  return {
    kind: 'device',
    externalId: String(row.AccountId),
    customerId: String(row.PartnerId),
    name,
    fields: {
      DeviceName: name,
      Hostname: s.I18 || null,
      Company: s.I8 || null,
      Platform: s.I16 || null,
      AgentVersion: s.I17 || null,
      IpAddresses: list(s.I19),
      MacAddresses: list(s.I21),
      DeviceId: String(row.AccountId),
    },
    consoleUrl: null,
  };
}

export function customerOf(partner: CovePartner): VendorCustomer {
  return { id: String(partner.Id), name: partner.Name };
}
