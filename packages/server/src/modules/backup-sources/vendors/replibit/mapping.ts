import { DEFAULT_REPLIBIT_NAMING } from '@vigil/contract';
import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Axcient x360Recover public API payloads (OpenAPI "x360Recover API", developer.axcient.com) and
 * their mapping. Pure: no I/O. A client is the MSP's customer; a device is a protected system
 * (appliance-based or Direct-to-Cloud); a job is its backup job; a history entry is one run.
 */

export interface X360Client {
  id_: number;
  name: string;
  client_code?: string | null;
  active?: boolean;
  health_status?: string | null;
}

/** A device's job as the device lists it (short BRC or Replibit job). */
export interface X360ShortJob {
  id_: number;
  name: string;
  latest_rp?: string | null;
  latest_local_rp?: string | null;
  latest_cloud_rp?: string | null;
  vault_id?: number | null;
}

export interface X360Device {
  id_: number;
  name: string;
  type?: 'SERVER' | 'WORKSTATION' | string;
  os?: { os_type?: string; bits?: number; os_name?: string } | null;
  service_id?: string | null;
  product?: 'BRC' | 'X360RECOVER' | string;
  local_ps_id?: string | null;
  ip_address?: string | null;
  agent_version?: string | null;
  d2c?: boolean;
  jobs?: X360ShortJob[] | null;
  current_health_status?: { status?: string; reason?: string | null; timestamp?: string | null } | null;
  latest_local_rp?: string | null;
  latest_cloud_rp?: string | null;
  device_details_page_url?: string | null;
  client_id?: number | null;
}

export interface X360Appliance {
  id_: number;
  service_id?: string | null;
  alias?: string | null;
  ip_address?: string | null;
  server_id?: string | null;
  active?: boolean;
  product?: string;
  model?: { id_?: number; name?: string } | null;
  package?: { id_?: number; name?: string } | null;
  service_type?: 'HARDWARE' | 'VIRTUAL' | string;
  last_tunnel_up?: string | null;
  software_version?: { id_?: number; version?: string } | null;
  health_status?: string | null;
  devices?: { id_: number; name: string }[] | null;
}

/** One run of a job (`job_history`): status Completed or Failed, ISO 8601 times. */
export interface X360JobRun {
  status: string;
  start_time?: string | null;
  end_time?: string | null;
  rp?: string | null;
  error_msg?: string | null;
}

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/**
 * Completed → Success (Warning when it says so or carries a message), Failed/Error/Missed →
 * Failure, Cancelled → Warning; running, queued and anything else is not a result yet.
 */
export function x360Outcome(run: X360JobRun): Outcome | null {
  const status = (run.status ?? '').trim().toLowerCase();
  const message = run.error_msg?.trim() || null;
  if (/^(completed|success|succeeded)/.test(status)) {
    return /warn/.test(status) || message
      ? { status: 'Warning', message: message ?? 'Completed with warnings' }
      : {
          status: 'Success',
          message: null,
        };
  }
  if (/^(failed|failure|error|missed)/.test(status)) {
    return { status: 'Failure', message: message ?? (status === 'missed' ? 'Backup missed' : 'Backup failed') };
  }
  if (/^cancel/.test(status)) return { status: 'Warning', message: message ?? 'Backup was cancelled' };
  return null;
}

/** The backup's device and job names under the source's naming convention. */
export function x360Names(
  convention: string | undefined,
  client: string | null,
  device: string,
  job: string,
): { device: string; job: string } {
  switch (convention || DEFAULT_REPLIBIT_NAMING) {
    case 'DeviceJob':
      return { device, job: job || device };
    case 'ClientDevice': {
      const name = client ? `${client} - ${device}` : device;
      return { device: name, job: name };
    }
    default:
      return { device, job: device };
  }
}

export interface X360RunContext {
  client: X360Client;
  device: X360Device;
  job: X360ShortJob;
  convention?: string;
}

export function mapX360Run(run: X360JobRun, at: X360RunContext): VendorSession | null {
  const outcome = x360Outcome(run);
  if (!outcome || !run.end_time || !run.start_time) return null;
  const start = new Date(run.start_time);
  const end = new Date(run.end_time);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  const names = x360Names(at.convention, at.client.name, at.device.name, at.job.name);
  return {
    sessionId: `${at.device.id_}:${at.job.id_}:${start.toISOString()}`,
    customerId: String(at.client.id_),
    customerName: at.client.name,
    device: names.device,
    job: names.job,
    backupType: 'Image',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
    message: outcome.message,
    assetId: String(at.device.id_),
  };
}

export const x360Customer = (c: X360Client): VendorCustomer => ({ id: String(c.id_), name: c.name });

export function x360DeviceAsset(d: X360Device, client: X360Client, appliance: X360Appliance | null): VendorAsset {
  return {
    kind: 'device',
    externalId: String(d.id_),
    parentExternalId: appliance ? String(appliance.id_) : null,
    customerId: String(client.id_),
    name: d.name,
    consoleUrl: d.device_details_page_url || null,
    fields: {
      DeviceName: d.name,
      Hostname: d.name || null,
      Appliance: appliance ? applianceName(appliance) : d.d2c ? 'Direct-to-Cloud' : null,
      Company: client.name,
      BootDate: null,
      AgentVersion: d.agent_version ?? null,
      Platform: d.os?.os_name ?? null,
      PlatformVersion: null,
      Manufacturer: null,
      FirmwareType: null,
      IpAddresses: d.ip_address ? [d.ip_address] : [],
      MacAddresses: [],
      EncryptionAlgorithm: null,
      DeviceId: String(d.id_),
    },
  };
}

const applianceName = (a: X360Appliance) => a.alias || a.service_id || `Appliance ${a.id_}`;

export function x360ApplianceAsset(a: X360Appliance, client: X360Client): VendorAsset {
  return {
    kind: 'appliance',
    externalId: String(a.id_),
    customerId: String(client.id_),
    name: applianceName(a),
    consoleUrl: null,
    fields: {
      ApplianceName: applianceName(a),
      Hostname: null,
      Model: a.model?.name ?? null,
      Service: a.package?.name ?? a.service_type ?? null,
      Company: client.name,
      Version: a.software_version?.version ?? null,
      BootDate: null,
      IpAddresses: a.ip_address ? [a.ip_address] : [],
      MacAddresses: [],
      SerialNumber: a.service_id ?? null,
      ApplianceId: String(a.id_),
    },
  };
}
