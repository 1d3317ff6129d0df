import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * ShadowControl Report API payloads (`/api/reports/status/` and `/api/reports/history/`) and their
 * mapping. Pure: no I/O. Arcserve documents the two paths, the CMD_TOKEN header and that results
 * come sorted by organization, then site; it does not publish the record layout, so the fields
 * below are the ones this connector reads (docs/decisions.md, "Arcserve ShadowControl source").
 * An endpoint is a protected machine with the ShadowControl agent; its history holds one entry per
 * ShadowProtect image backup (full, incremental, differential) and per ImageManager check
 * (verification, VirtualBoot).
 */

export interface ShadowControlRef {
  id: number | string;
  name: string;
}

export interface ShadowControlEndpoint {
  uuid: string;
  name: string;
  hostname?: string | null;
  organization?: ShadowControlRef | null;
  site?: ShadowControlRef | null;
  os?: string | null;
  os_version?: string | null;
  agent_version?: string | null;
  shadowprotect_version?: string | null;
  manufacturer?: string | null;
  ip_addresses?: string[] | null;
  mac_addresses?: string[] | null;
  last_boot?: string | null;
  last_contact?: string | null;
  /** The endpoint's status as the console's status rules rate it: good, warning, critical, offline. */
  status?: string | null;
}

export type ShadowControlState = 'queued' | 'running' | 'completed' | 'failed' | 'aborted' | 'missed';

export interface ShadowControlHistoryEntry {
  id: number | string;
  /** 'ShadowProtect' or 'ImageManager'. */
  product?: string | null;
  job?: string | null;
  /** full, incremental, differential, verification, virtualboot, consolidation. */
  type?: string | null;
  state: ShadowControlState | string;
  /** How the console's status rules rate the event: good, warning or critical. */
  severity?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  bytes?: number | null;
  message?: string | null;
}

export interface ShadowControlHistory extends ShadowControlEndpoint {
  history?: ShadowControlHistoryEntry[] | null;
}

/** A page as the console answers: a plain list, or a paged envelope with a `next` link. */
export type ShadowControlPage<T> = T[] | { count?: number; next?: string | null; results: T[] };

export const pageItems = <T>(page: ShadowControlPage<T> | null | undefined): T[] =>
  Array.isArray(page) ? page : (page?.results ?? []);
export const pageNext = <T>(page: ShadowControlPage<T> | null | undefined): string | null =>
  Array.isArray(page) ? null : page?.next || null;

type Outcome = Pick<VendorSession, 'status' | 'message'>;

const lower = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
const isCheck = (e: ShadowControlHistoryEntry) =>
  lower(e.product) === 'imagemanager' || ['verification', 'virtualboot'].includes(lower(e.type));

function defaultMessage(e: ShadowControlHistoryEntry, state: string): string {
  const what = lower(e.type) === 'virtualboot' ? 'VirtualBoot check' : isCheck(e) ? 'Image verification' : 'Backup';
  if (state === 'missed') return `${what} was missed`;
  if (state === 'aborted') return `${what} was aborted`;
  return `${what} failed`;
}

/**
 * Queued and running entries are skipped. A finished entry takes the rating the console's status
 * rules gave it (critical → Failure, warning → Warning, good → Success); without a rating:
 * completed → Success, aborted → Warning, failed and missed → Failure.
 */
export function shadowControlOutcome(e: ShadowControlHistoryEntry): Outcome | null {
  const state = lower(e.state);
  if (!['completed', 'failed', 'aborted', 'missed'].includes(state)) return null;
  const text = e.message?.trim() || null;
  const severity = lower(e.severity);
  const status: Outcome['status'] =
    severity === 'critical'
      ? 'Failure'
      : severity === 'warning'
        ? 'Warning'
        : severity === 'good'
          ? 'Success'
          : state === 'completed'
            ? 'Success'
            : state === 'aborted'
              ? 'Warning'
              : 'Failure';
  if (status === 'Success') return { status, message: null };
  return { status, message: text ?? defaultMessage(e, state) };
}

const TYPES: Record<string, string> = {
  full: 'Image',
  incremental: 'Image',
  differential: 'Image',
  consolidation: 'Image consolidation',
  verification: 'Image verification',
  virtualboot: 'VirtualBoot',
};

const time = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? null : new Date(t);
};

export const shadowControlDeviceName = (e: ShadowControlEndpoint) => e.name?.trim() || e.hostname?.trim() || e.uuid;

export function mapShadowControlEntry(
  endpoint: ShadowControlEndpoint,
  e: ShadowControlHistoryEntry,
): VendorSession | null {
  const outcome = shadowControlOutcome(e);
  const end = time(e.end_time);
  if (!outcome || !end) return null;
  const start = time(e.start_time);
  const check = isCheck(e);
  return {
    sessionId: `${endpoint.uuid}:${e.id}`,
    customerId: endpoint.organization ? String(endpoint.organization.id) : null,
    customerName: endpoint.organization?.name ?? null,
    device: shadowControlDeviceName(endpoint),
    job: e.job?.trim() || (check ? 'ImageManager' : 'ShadowProtect backup'),
    backupType: TYPES[lower(e.type)] ?? (check ? 'Image verification' : 'Image'),
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof e.bytes === 'number' ? e.bytes : null,
    durationSeconds: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: outcome.message,
    assetId: endpoint.uuid,
  };
}

export const shadowControlCustomer = (o: ShadowControlRef): VendorCustomer => ({ id: String(o.id), name: o.name });

/** The endpoint with the side menu's device fields; Company names the organization and site. */
export function shadowControlAsset(e: ShadowControlEndpoint, baseUrl: string): VendorAsset {
  const company = [e.organization?.name, e.site?.name].filter(Boolean).join(' / ') || null;
  return {
    kind: 'device',
    externalId: e.uuid,
    customerId: e.organization ? String(e.organization.id) : null,
    name: shadowControlDeviceName(e),
    fields: {
      DeviceName: shadowControlDeviceName(e),
      Hostname: e.hostname ?? null,
      Appliance: null,
      Company: company,
      BootDate: e.last_boot ?? null,
      AgentVersion: e.agent_version ?? null,
      Platform: e.os ?? null,
      PlatformVersion: e.os_version ?? null,
      Manufacturer: e.manufacturer ?? null,
      FirmwareType: null,
      IpAddresses: e.ip_addresses ?? [],
      MacAddresses: e.mac_addresses ?? [],
      EncryptionAlgorithm: null,
      DeviceId: e.uuid,
    },
    // The console's own page addresses are not published: the link opens the console.
    consoleUrl: baseUrl,
  };
}
