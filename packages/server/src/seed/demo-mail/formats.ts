import type { DemoRun } from './types.ts';
import type { VendorSpec } from './vendor-spec.ts';
import { veeamBr } from './vendors/veeam-br.ts';
import { veeamAgent } from './vendors/veeam-agent.ts';
import { veeamM365 } from './vendors/veeam-m365.ts';
import { dattoBcdr } from './vendors/datto-bcdr.ts';
import { axcient } from './vendors/axcient.ts';
import { acronis } from './vendors/acronis.ts';
import { cove } from './vendors/cove.ts';
import { msp360 } from './vendors/msp360.ts';
import { synologyHyperBackup } from './vendors/synology-hyper-backup.ts';
import { synologyActiveBackup } from './vendors/synology-active-backup.ts';
import { windowsServerBackup } from './vendors/windows-server-backup.ts';
import { macrium } from './vendors/macrium.ts';
import { backupExec } from './vendors/backup-exec.ts';
import { shadowprotect } from './vendors/shadowprotect.ts';
import { nakivo } from './vendors/nakivo.ts';
import { altaro } from './vendors/altaro.ts';
import { proxmoxVzdump } from './vendors/proxmox-vzdump.ts';
import { unitrends } from './vendors/unitrends.ts';
import { comet } from './vendors/comet.ts';

/** The e-mail format of each parser id the generator writes for. */
const SPECS: Record<string, VendorSpec> = {
  'veeam-br': veeamBr,
  'veeam-agent': veeamAgent,
  'veeam-m365': veeamM365,
  'datto-bcdr': dattoBcdr,
  acronis,
  cove,
  msp360,
  'synology-hyper-backup': synologyHyperBackup,
  'synology-active-backup': synologyActiveBackup,
  'windows-server-backup': windowsServerBackup,
  macrium,
  'backup-exec': backupExec,
  shadowprotect,
  nakivo,
  altaro,
  'proxmox-vzdump': proxmoxVzdump,
  axcient,
  comet,
  unitrends,
};

export function specOf(vendor: string): VendorSpec {
  const spec = SPECS[vendor];
  if (!spec) throw new Error(`No demo e-mail format for vendor "${vendor}"`);
  return spec;
}

export const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What the parser will report as vendor, device and job for this backup, so callers can match backups. */
export function demoIdentity(run: Pick<DemoRun, 'vendor' | 'device' | 'job'>): {
  vendor: string;
  device: string;
  job: string;
} {
  return { vendor: run.vendor, ...specOf(run.vendor).identity(tidy(run.device), tidy(run.job)) };
}
