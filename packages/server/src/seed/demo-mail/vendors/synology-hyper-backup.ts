import { isoLocal, longDuration, size } from '../format.ts';
import { noSpaces, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Synology Hyper Backup and Active Backup for Business ----------------------------------------

export const synologyHyperBackup: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job }),
  render(c) {
    const verb = word3(c.status, 'has completed', 'was partially completed', 'has failed');
    const destination = /c2/i.test(c.job)
      ? 'Synology C2 Storage (us-001.c2.synology.com)'
      : /usb/i.test(c.job)
        ? 'USB Share (usbshare1)'
        : /s3|wasabi/i.test(c.job)
          ? 'S3 Storage (s3.wasabisys.com)'
          : `Remote NAS device (backup.${c.org.domain}:6281)`;
    const lines = [
      'Dear user,',
      '',
      `Hyper Backup task ${c.job} on ${c.device} ${verb}.`,
      '',
      `Task name: ${c.job}`,
      `Backup destination: ${destination}`,
      `Start time: ${isoLocal(c.s)}`,
      `End time: ${isoLocal(c.e)}`,
    ];
    if (c.status !== 'Failure') {
      lines.push(`Duration: ${longDuration(c.seconds)}`, `Transferred data size: ${size(c.bytes)}`);
    }
    if (c.status === 'Success') lines.push(`Backup version: ${isoLocal(c.s)}`);
    if (c.status === 'Warning') lines.push(`Details: ${c.problem}`);
    if (c.status === 'Failure') lines.push(`Failure reason: ${c.problem}`);
    lines.push('', `From ${c.device}`, '');
    return {
      fromName: c.device,
      fromAddress: `nas-alerts@${c.org.domain}`,
      subject: `[${c.device}] Hyper Backup task ${c.job} ${verb}`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    '17 files were skipped because they could not be read.',
    'Some files were skipped because their names contain characters the destination does not support.',
  ],
  failures: [
    'The backup destination is offline or cannot be reached. Please check the network connection.',
    'There is not enough free space on the backup destination.',
    'Authentication to the destination failed. Please sign in again in Hyper Backup.',
  ],
};
