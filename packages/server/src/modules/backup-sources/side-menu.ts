import type { BackupSourceType, SideMenuAppliance, SideMenuDevice } from '@vigil/contract';
import type { Database } from '../../db/client.ts';

/**
 * The side menu of a backup read from an API source (features §3.4): the device the backup
 * protects and the appliance protecting it, from the assets the source reported. Null for a
 * backup with no source or whose asset the source never reported.
 */

interface AssetRow {
  kind: string;
  external_id: string;
  parent_external_id: string | null;
  customer_id: string | null;
  name: string;
  fields: Record<string, unknown>;
  console_url: string | null;
}

export interface SourceSideMenu {
  IntegrationType: BackupSourceType;
  DeviceName: string;
  SlideUrl: string | null;
  Device: SideMenuDevice | null;
  Appliance: SideMenuAppliance | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((x): x is string => x !== null) : typeof v === 'string' && v ? [v] : [];

function device(a: AssetRow, appliance: AssetRow | null, company: string | null): SideMenuDevice {
  const f = a.fields;
  return {
    DeviceName: str(f.DeviceName) ?? a.name,
    Hostname: str(f.Hostname),
    Appliance: str(f.Appliance) ?? appliance?.name ?? null,
    Company: str(f.Company) ?? company,
    BootDate: str(f.BootDate),
    AgentVersion: str(f.AgentVersion),
    Platform: str(f.Platform),
    PlatformVersion: str(f.PlatformVersion),
    Manufacturer: str(f.Manufacturer),
    FirmwareType: str(f.FirmwareType),
    IpAddresses: list(f.IpAddresses),
    MacAddresses: list(f.MacAddresses),
    EncryptionAlgorithm: str(f.EncryptionAlgorithm),
    DeviceId: str(f.DeviceId) ?? a.external_id,
  };
}

function appliance(
  a: AssetRow,
  company: string | null,
  devices: { BackupId: number | null; DeviceName: string; DeviceId: string }[],
): SideMenuAppliance {
  const f = a.fields;
  return {
    ApplianceName: str(f.ApplianceName) ?? a.name,
    Hostname: str(f.Hostname),
    Model: str(f.Model),
    Service: str(f.Service),
    Company: str(f.Company) ?? company,
    Version: str(f.Version),
    BootDate: str(f.BootDate),
    IpAddresses: list(f.IpAddresses),
    MacAddresses: list(f.MacAddresses),
    SerialNumber: str(f.SerialNumber),
    ApplianceId: str(f.ApplianceId) ?? a.external_id,
    SlideUrl: a.console_url,
    ProtectedDevices: devices,
  };
}

export async function sourceSideMenu(
  database: Database,
  tenantId: number,
  backupId: number,
): Promise<SourceSideMenu | null> {
  const b = await database.query<{ source_id: number; asset_id: string; type: BackupSourceType }>(
    `SELECT b.source_id, b.asset_id, s.type FROM backups b JOIN backup_sources s ON s.id = b.source_id
      WHERE b.id = $1 AND b.tenant_id = $2 AND b.asset_id IS NOT NULL`,
    [backupId, tenantId],
  );
  const backup = b.rows[0];
  if (!backup) return null;
  const assets = async (where: string, params: unknown[]) =>
    (
      await database.query<AssetRow>(
        `SELECT kind, external_id, parent_external_id, customer_id, name, fields, console_url
           FROM backup_source_assets WHERE source_id = $1 AND ${where} ORDER BY kind DESC, lower(name)`,
        [backup.source_id, ...params],
      )
    ).rows;
  const [own] = await assets('external_id = $2', [backup.asset_id]);
  if (!own) return null;
  const isAppliance = own.kind === 'appliance';
  const [parent] = isAppliance
    ? [own]
    : own.parent_external_id
      ? await assets(`kind = 'appliance' AND external_id = $2`, [own.parent_external_id])
      : [];
  const customer = own.customer_id
    ? ((
        await database.query<{ name: string }>(
          'SELECT name FROM backup_source_customers WHERE source_id = $1 AND external_id = $2',
          [backup.source_id, own.customer_id],
        )
      ).rows[0]?.name ?? null)
    : null;
  let applianceData: SideMenuAppliance | null = null;
  if (parent) {
    const devices = await assets(`kind = 'device' AND parent_external_id = $2`, [parent.external_id]);
    const backups = await database.query<{ id: number; asset_id: string }>(
      `SELECT DISTINCT ON (asset_id) id, asset_id FROM backups
        WHERE tenant_id = $1 AND source_id = $2 AND asset_id = ANY($3::text[]) AND state <> 'Merged'
        ORDER BY asset_id, (state = 'Active') DESC, id`,
      [tenantId, backup.source_id, devices.map((d) => d.external_id)],
    );
    const byAsset = new Map(backups.rows.map((r) => [r.asset_id, r.id]));
    applianceData = appliance(
      parent,
      customer,
      devices.map((d) => ({
        BackupId: byAsset.get(d.external_id) ?? null,
        DeviceName: d.name,
        DeviceId: d.external_id,
      })),
    );
  }
  return {
    IntegrationType: backup.type,
    DeviceName: isAppliance ? own.name : (str(own.fields.DeviceName) ?? own.name),
    SlideUrl: own.console_url ?? parent?.console_url ?? null,
    Device: isAppliance ? null : device(own, parent ?? null, customer),
    Appliance: applianceData,
  };
}
