import { z } from 'zod';
import type { BackupSourceDescriptor, BackupSourceType } from './api-backup-sources.ts';

/** A linked backup source as the API reads and writes it, its cards, companies and side menu (features §3.4, §4.3). */

export const BackupSourceHealth = z.enum(['Pending', 'Healthy', 'Unhealthy']);
export type BackupSourceHealth = z.infer<typeof BackupSourceHealth>;
/** Runtime status of a sync (features §4.3). */
export const BackupSourceSyncStatus = z.enum(['idle', 'pending', 'completed', 'error', 'cancelled']);
export type BackupSourceSyncStatus = z.infer<typeof BackupSourceSyncStatus>;

/** POST api/integration/{type}: creates a source, or updates the one named by `Id`. */
export const BackupSourceBody = z.object({
  Id: z.number().int().positive().optional(),
  Name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  Region: z.string().max(100).nullish(),
  Enabled: z.boolean().optional(),
  IntervalMinutes: z.number().int().min(5, 'Interval must be at least 5 minutes').max(1440).optional(),
  Credentials: z.record(z.string(), z.string().max(4000).nullable()),
});
export type BackupSourceBody = z.infer<typeof BackupSourceBody>;

export interface BackupSourceRow {
  Id: number;
  Type: BackupSourceType;
  Name: string;
  Region: string | null;
  Enabled: boolean;
  IntervalMinutes: number;
  /** Non-secret fields as stored; secret fields are null. */
  Credentials: Record<string, string | null>;
  /** The secret fields that hold a stored value. */
  Stored: string[];
  Health: BackupSourceHealth;
  SyncStatus: BackupSourceSyncStatus;
  LastSyncAt: string | null;
  LastSuccessAt: string | null;
  LastError: string | null;
  ConsecutiveFailures: number;
  NextSyncAt: string | null;
  BackupCount: number;
  CreatedAt: string;
}

/** GET api/integration/backups: one card per vendor the tenant may use. */
export interface BackupIntegrationCard {
  Descriptor: BackupSourceDescriptor;
  SourceCount: number;
  UnhealthyCount: number;
}

/** GET api/integration/{type}/{id}/companies: the vendor's customers and the company each maps to. */
export interface BackupSourceCompany {
  ExternalId: string;
  ExternalName: string;
  CompanyId: number | null;
  CompanyName: string | null;
  BackupCount: number;
}

/** GET /api/backup/side-menu/{id} (features §3.4). */
export interface SideMenuDevice {
  DeviceName: string;
  Hostname: string | null;
  Appliance: string | null;
  Company: string | null;
  BootDate: string | null;
  AgentVersion: string | null;
  Platform: string | null;
  PlatformVersion: string | null;
  Manufacturer: string | null;
  FirmwareType: string | null;
  IpAddresses: string[];
  MacAddresses: string[];
  EncryptionAlgorithm: string | null;
  DeviceId: string;
}
export interface SideMenuAppliance {
  ApplianceName: string;
  Hostname: string | null;
  Model: string | null;
  Service: string | null;
  Company: string | null;
  Version: string | null;
  BootDate: string | null;
  IpAddresses: string[];
  MacAddresses: string[];
  SerialNumber: string | null;
  ApplianceId: string;
  SlideUrl: string | null;
  ProtectedDevices: { BackupId: number | null; DeviceName: string; DeviceId: string }[];
}
export interface SideMenuData {
  DeviceName: string;
  SlideUrl: string | null;
  Device: SideMenuDevice | null;
  Appliance: SideMenuAppliance | null;
}
export interface SideMenuResponse {
  IntegrationType: BackupSourceType;
  Data: SideMenuData;
}
