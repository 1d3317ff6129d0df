import { clock12, hms, size, usDay } from '../format.ts';
import { same, word3, type VendorSpec } from '../vendor-spec.ts';

// --- StorageCraft ShadowProtect SPX ----------------------------------------------------------------

export const shadowprotect: VendorSpec = {
  identity: same,
  render(c) {
    const result = word3(c.status, 'Succeeded', 'Completed with warnings', 'Failed');
    const lines = [
      'StorageCraft ShadowProtect SPX notification',
      '',
      `Machine: ${c.device}`,
      `Job Name: ${c.job}`,
      'Job Type: Backup',
      'Backup Type: Incremental',
      `Result: ${result}`,
      'Volumes: C:\\, D:\\',
      `Destination: \\\\nas01\\spx\\${c.device} (Network share)`,
      `Start Time: ${usDay(c.s)} ${clock12(c.s)}`,
      `End Time: ${usDay(c.e)} ${clock12(c.e)}`,
      `Duration: ${hms(c.seconds, true)}`,
      `Data Written: ${size(c.bytes)}`,
      `Message: ${c.status === 'Success' ? 'The backup job completed successfully.' : c.problem}`,
      '',
    ];
    return {
      fromName: 'ShadowProtect SPX',
      fromAddress: `spx@${c.org.domain}`,
      subject: `ShadowProtect SPX - ${c.device} - Job "${c.job}" - ${result}`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    'warning.vss.writer.failed - The SqlServerWriter VSS writer reported a retryable error; the volume was backed up crash-consistent.',
    'warning.destination.lowspace - The destination has less than 10% free space left.',
  ],
  failures: [
    'error.destination.inaccessible - The destination could not be reached (The network path was not found).',
    'error.snapshot.failed - Unable to create a snapshot of volume C:\\ (VSS error 0x80042306).',
  ],
};
