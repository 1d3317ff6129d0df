import { isoLocal, size } from '../format.ts';
import { esc, grid, page } from '../html.ts';
import { same, upperTag, word3, WORKSTATION, type VendorSpec } from '../vendor-spec.ts';

export const synologyActiveBackup: VendorSpec = {
  identity: same,
  render(c) {
    const nas = `DS1621-${upperTag(c)}`;
    const verb = word3(c.status, 'has completed', 'has completed with warnings', 'has failed');
    const type = WORKSTATION.test(c.device) ? 'PC' : 'Physical Server';
    const row = [
      c.device,
      word3(c.status, 'Successful', 'Partially completed', 'Failed'),
      isoLocal(c.s),
      isoLocal(c.e),
      size(c.bytes),
      c.problem,
    ];
    return {
      fromName: nas,
      fromAddress: `nas-alerts@${c.org.domain}`,
      subject: `[${nas}] Active Backup for Business - Backup task ${c.job} ${verb}`,
      html: page(
        [
          '<div style="font-size:16px;font-weight:bold;color:#0086e5;">Active Backup for Business</div>',
          '<p>Dear user,</p>',
          `<p>Backup task ${esc(c.job)} on ${esc(nas)} ${verb}.</p>`,
          `<p>Task name: ${esc(c.job)}<br>\nTask type: ${type}</p>`,
          grid(['Device', 'Status', 'Start time', 'End time', 'Transferred', 'Details'], [row]),
          `<p>From ${esc(nas)}</p>`,
        ].join('\n'),
        'Verdana,sans-serif',
      ),
    };
  },
  warnings: [
    'Some files could not be backed up because they were in use (12 files)',
    'Changed block tracking is unavailable; all data was read',
  ],
  failures: [
    'Failed to create a snapshot (VSS error 0x8004230F)',
    'The device is offline or the Active Backup agent is not connected',
    'The backup destination does not have enough free space',
  ],
};
