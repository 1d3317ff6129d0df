import { same, type VendorSpec } from '../vendor-spec.ts';
import { veeamMachineReport, veeamSubject } from './veeam-report.ts';

export const veeamBr: VendorSpec = {
  identity: same,
  render(c) {
    const copy = /copy|offsite/i.test(c.job);
    return {
      fromName: 'Veeam Backup',
      fromAddress: `veeam@${c.org.domain}`,
      subject: veeamSubject(c, `${c.job} (1 object)`),
      html: veeamMachineReport(c, {
        title: `${copy ? 'Backup Copy' : 'Backup'} job: ${c.job}`,
        description: copy
          ? 'Copies restore points to the offsite repository'
          : 'Image-level backup of the virtual machines',
        unit: 'VM',
        footer: 'Veeam Backup & Replication 12.3.1.1139',
      }),
    };
  },
  warnings: [
    'Failed to truncate Microsoft SQL Server transaction logs. Details: Database [Reporting] is in use by another process.',
    'Changed block tracking is disabled for disk [Hard disk 2], processing may be slower.',
    'Unable to connect to guest OS of {device} over RPC; a crash-consistent restore point was created instead.',
    'Snapshot consolidation is needed for {device}: the VM still runs on delta disks from an earlier snapshot.',
  ],
  failures: [
    'Error: Failed to create VM snapshot. The operation has timed out waiting for the host to respond.',
    'Error: Not enough free space on the backup repository [Repo-NAS01] (11.2 GB left, 84.6 GB required).',
    'Error: Failed to connect to the backup proxy: the RPC server is unavailable.',
    'Error: Cannot access the backup repository: the network path was not found.',
  ],
};
