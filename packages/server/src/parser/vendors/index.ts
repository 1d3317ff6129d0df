import type { VendorParser } from '../types.ts';
import { genericCsv } from './generic-csv.ts';
import { veeamBr } from './veeam-br.ts';
import { veeamAgent } from './veeam-agent.ts';
import { veeamM365 } from './veeam-m365.ts';
import { dattoBcdr } from './datto-bcdr.ts';
import { dattoSaas } from './datto-saas.ts';
import { axcient } from './axcient.ts';
import { acronis } from './acronis.ts';
import { cove } from './cove.ts';
import { msp360 } from './msp360.ts';
import { synologyHyperBackup } from './synology-hyper-backup.ts';
import { synologyActiveBackup } from './synology-active-backup.ts';
import { windowsServerBackup } from './windows-server-backup.ts';
import { macrium } from './macrium.ts';
import { backupExec } from './backup-exec.ts';
import { shadowprotect } from './shadowprotect.ts';
import { arcserveUdp } from './arcserve-udp.ts';
import { unitrends } from './unitrends.ts';
import { nakivo } from './nakivo.ts';
import { altaro } from './altaro.ts';
import { comet } from './comet.ts';
import { redstor } from './redstor.ts';
import { skykick } from './skykick.ts';
import { dropsuite } from './dropsuite.ts';
import { carbonite } from './carbonite.ts';
import { proxmoxVzdump } from './proxmox-vzdump.ts';
import { proxmoxPbs } from './proxmox-pbs.ts';
import { bacula } from './bacula.ts';
import { duplicati } from './duplicati.ts';
import { urbackup } from './urbackup.ts';
import { xenOrchestra } from './xen-orchestra.ts';
import { iperius } from './iperius.ts';

/**
 * Every vendor parser, in detection order: the generic CSV format first (its subject is
 * explicit), then vendors whose detectors are most specific before broader ones.
 */
export const vendorParsers: readonly VendorParser[] = [
  genericCsv,
  veeamM365,
  veeamAgent,
  veeamBr,
  dattoSaas,
  dattoBcdr,
  axcient,
  acronis,
  cove,
  msp360,
  synologyActiveBackup,
  synologyHyperBackup,
  windowsServerBackup,
  macrium,
  backupExec,
  shadowprotect,
  arcserveUdp,
  unitrends,
  nakivo,
  altaro,
  comet,
  redstor,
  skykick,
  dropsuite,
  carbonite,
  proxmoxPbs,
  proxmoxVzdump,
  bacula,
  duplicati,
  urbackup,
  xenOrchestra,
  iperius,
];
