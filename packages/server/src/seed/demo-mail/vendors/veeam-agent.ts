import { same, type VendorSpec } from '../vendor-spec.ts';
import { veeamMachineReport, veeamSubject } from './veeam-report.ts';

export const veeamAgent: VendorSpec = {
  identity: same,
  render(c) {
    return {
      fromName: `${c.device} Backup`,
      fromAddress: `${c.device.toLowerCase()}@${c.org.domain}`,
      subject: veeamSubject(c, `${c.job} (${c.device})`),
      html: veeamMachineReport(c, {
        title: `Agent Backup job: ${c.job}`,
        description: 'Veeam Agent for Microsoft Windows',
        unit: 'computer',
        footer: 'Veeam Agent for Microsoft Windows 6.3.0.177',
      }),
    };
  },
  warnings: [
    'Some files were skipped because they are locked by another process (3 files).',
    'Backup target is almost full: 7% of free space left on the destination volume.',
    'Unable to truncate Microsoft SQL Server transaction logs: database [LocalDB] is in use.',
  ],
  failures: [
    'Error: Failed to create volume snapshot: the shadow copy provider had an unexpected error (0x8004230F).',
    'Error: The backup repository is unavailable: the network name cannot be found.',
    'Error: Backup target USB drive is not connected.',
    'Error: The computer entered sleep mode during backup; the session was interrupted.',
  ],
};
