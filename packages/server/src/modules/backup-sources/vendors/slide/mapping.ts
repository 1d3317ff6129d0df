import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Slide API payloads (api.slide.tech/v1, published OpenAPI) and their mapping. Pure: no I/O.
 * A device is a Slide Box (appliance); an agent is a protected machine paired to one; a backup is
 * one attempt of an agent, with a snapshot when it succeeded.
 */

export const SLIDE_CONSOLE_URL = 'https://console.slide.tech';

export interface SlideNetworkAddress {
  mac: string;
  ips: string[] | null;
}

export interface SlideClient {
  client_id: string;
  name: string;
  comments?: string;
}

export interface SlideDevice {
  device_id: string;
  display_name: string;
  hostname: string;
  client_id?: string | null;
  addresses?: SlideNetworkAddress[] | null;
  ip_addresses?: string[] | null;
  booted_at?: string | null;
  last_seen_at?: string | null;
  image_version?: string | null;
  package_version?: string | null;
  serial_number?: string | null;
  hardware_model_name?: string | null;
  service_model_name?: string | null;
  service_model_name_short?: string | null;
  service_status?: string | null;
}

export interface SlideAgent {
  agent_id: string;
  device_id: string;
  display_name: string;
  hostname: string;
  client_id?: string | null;
  addresses?: SlideNetworkAddress[] | null;
  ip_addresses?: string[] | null;
  booted_at?: string | null;
  agent_version?: string | null;
  platform?: string | null;
  os?: string | null;
  os_version?: string | null;
  manufacturer?: string | null;
  firmware_type?: string | null;
  encryption_algorithm?: string | null;
}

export type SlideBackupStatus =
  | 'created'
  | 'pending'
  | 'started'
  | 'preflight'
  | 'contacting'
  | 'creating_vss'
  | 'preparing'
  | 'transferring'
  | 'snapshot'
  | 'finalizing'
  | 'canceling'
  | 'failing'
  | 'canceled'
  | 'failed'
  | 'succeeded';

export interface SlideBackup {
  backup_id: string;
  agent_id: string;
  started_at: string;
  ended_at?: string | null;
  status: SlideBackupStatus | string;
  error_code?: number | null;
  error_message?: string | null;
  snapshot_id?: string | null;
}

export interface SlidePage<T> {
  pagination: { next_offset?: number | null };
  data: T[];
}

/** What a backup needs from its agent and client to be filed. */
export interface SlideAgentInfo {
  name: string;
  hostname: string;
  deviceId: string;
  clientId: string | null;
  clientName: string | null;
}

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/** succeeded → Success, failed → Failure, canceled → Warning; every other state is still running. */
export function slideOutcome(b: SlideBackup): Outcome | null {
  switch (b.status) {
    case 'succeeded':
      return { status: 'Success', message: null };
    case 'failed': {
      const text = b.error_message?.trim() || 'Backup failed';
      return { status: 'Failure', message: b.error_code ? `${text} (code ${b.error_code})` : text };
    }
    case 'canceled':
      return { status: 'Warning', message: b.error_message?.trim() || 'Backup was canceled' };
    default:
      return null;
  }
}

export function mapSlideBackup(b: SlideBackup, agent: SlideAgentInfo | undefined): VendorSession | null {
  const outcome = slideOutcome(b);
  if (!outcome || !b.ended_at) return null;
  const start = new Date(b.started_at);
  const end = new Date(b.ended_at);
  return {
    sessionId: b.backup_id,
    customerId: agent?.clientId ?? null,
    customerName: agent?.clientName ?? null,
    device: agent?.name || agent?.hostname || b.agent_id,
    job: agent?.name || b.agent_id,
    backupType: 'Image',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
    message: outcome.message,
    assetId: b.agent_id,
  };
}

export const slideCustomer = (c: SlideClient): VendorCustomer => ({ id: c.client_id, name: c.name });

/** An agent's client, else its device's (an agent may leave client_id to its device). */
export function slideAgentInfo(
  a: SlideAgent,
  devices: Map<string, { clientId: string | null }>,
  clients: Map<string, string>,
): SlideAgentInfo {
  const clientId = a.client_id || devices.get(a.device_id)?.clientId || null;
  return {
    name: a.display_name || a.hostname,
    hostname: a.hostname,
    deviceId: a.device_id,
    clientId,
    clientName: clientId ? (clients.get(clientId) ?? null) : null,
  };
}

function ips(addresses: SlideNetworkAddress[] | null | undefined, legacy: string[] | null | undefined): string[] {
  const fromAddresses = (addresses ?? []).flatMap((a) => a.ips ?? []);
  return [...new Set(fromAddresses.length ? fromAddresses : (legacy ?? []))];
}
const macs = (addresses: SlideNetworkAddress[] | null | undefined) => [
  ...new Set((addresses ?? []).map((a) => a.mac).filter(Boolean)),
];

export const slideDeviceUrl = (id: string) => `${SLIDE_CONSOLE_URL}/devices/${encodeURIComponent(id)}`;
export const slideAgentUrl = (id: string) => `${SLIDE_CONSOLE_URL}/agents/${encodeURIComponent(id)}`;

export function slideApplianceAsset(d: SlideDevice, clientName: string | null): VendorAsset {
  return {
    kind: 'appliance',
    externalId: d.device_id,
    customerId: d.client_id || null,
    name: d.display_name || d.hostname,
    consoleUrl: slideDeviceUrl(d.device_id),
    fields: {
      ApplianceName: d.display_name || d.hostname,
      Hostname: d.hostname || null,
      Model: d.hardware_model_name ?? null,
      Service: d.service_model_name ?? null,
      Company: clientName,
      Version: d.image_version ?? null,
      BootDate: d.booted_at ?? null,
      IpAddresses: ips(d.addresses, d.ip_addresses),
      MacAddresses: macs(d.addresses),
      SerialNumber: d.serial_number ?? null,
      ApplianceId: d.device_id,
    },
  };
}

export function slideAgentAsset(a: SlideAgent, info: SlideAgentInfo, applianceName: string | null): VendorAsset {
  return {
    kind: 'device',
    externalId: a.agent_id,
    parentExternalId: a.device_id,
    customerId: info.clientId,
    name: info.name,
    consoleUrl: slideAgentUrl(a.agent_id),
    fields: {
      DeviceName: info.name,
      Hostname: a.hostname || null,
      Appliance: applianceName,
      Company: info.clientName,
      BootDate: a.booted_at ?? null,
      AgentVersion: a.agent_version ?? null,
      Platform: a.platform ?? null,
      PlatformVersion: a.os_version ?? null,
      Manufacturer: a.manufacturer ?? null,
      FirmwareType: a.firmware_type ?? null,
      IpAddresses: ips(a.addresses, a.ip_addresses),
      MacAddresses: macs(a.addresses),
      EncryptionAlgorithm: a.encryption_algorithm ?? null,
      DeviceId: a.agent_id,
    },
  };
}
