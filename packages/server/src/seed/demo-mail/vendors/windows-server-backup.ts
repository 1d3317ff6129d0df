import { clock12, GB, hms, isoLocal, usDay } from '../format.ts';
import { esc } from '../html.ts';
import { wall } from '../time.ts';
import { noSpaces, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Windows Server Backup (the common "backup report" PowerShell script) -------------------------
// The report's heading names the product, so the backup's name ("Windows Server Backup") is in the mail.

export const windowsServerBackup: VendorSpec = {
  identity: (device) => ({ device: noSpaces(device), job: 'Windows Server Backup' }),
  render(c) {
    const result = word3(c.status, 'Successful', 'Completed with warnings', 'Failed');
    const split = [0.3, 0.6, 0.1];
    const volumes = ['C:', 'D:', 'System State'].map((v, i) => [
      v,
      c.status === 'Failure' ? 'Failed' : 'Completed',
      c.status === 'Failure' ? '0 Bytes' : `${((c.bytes * split[i]) / GB).toFixed(2)} GB`,
    ]);
    const fraction = String(Math.floor(c.rnd() * 1e7)).padStart(7, '0');
    const summary: [string, string][] = [
      ['Todays date', isoLocal(c.e).slice(0, 16)],
      [
        'Last Successful Backup',
        isoLocal(c.status === 'Success' ? c.e : wall(new Date(c.run.end.getTime() - 86400000), c.tz)).slice(0, 16),
      ],
      ['Start time last backup', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End time last backup', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration last backup', `${hms(c.seconds, true)}.${fraction}`],
      ['Backup Result', result],
      ['Error Message (if applicable)', c.problem],
    ];
    const subject = word3(
      c.status,
      `Successful Backup on ${c.device}`,
      `Backup with warnings on ${c.device}`,
      `Failed Backup on ${c.device}`,
    );
    return {
      fromName: `${c.org.name} Backup`,
      fromAddress: `${c.device.toLowerCase()}@${c.org.domain}`,
      subject,
      html: [
        '<!DOCTYPE html>',
        '<html>',
        `<head><title>${esc(c.org.name)} - Windows Server Backup Report for ${esc(c.device)}</title>`,
        '<style>body { font-family: Verdana, Geneva, Arial, sans-serif; font-size: 12px } td, th { padding: 0 20px 0 0; text-align: left; }</style></head>',
        '<body>',
        `<h3>${esc(c.org.name)} - Windows Server Backup Report for ${esc(c.device)}</h3>`,
        '<table id="summary"><tbody>',
        ...summary.map(([k, v]) => `<tr><td>${esc(k)}:</td><td>${esc(v)}</td></tr>`),
        '</tbody></table>',
        '<table id="items">',
        '<tr><th>Name</th><th>Status</th><th>Size</th></tr>',
        ...volumes.map((r) => `<tr>${r.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`),
        '</table>',
        '</body>',
        '</html>',
      ].join('\n'),
      headers: [['X-Mailer', 'Microsoft PowerShell Send-MailMessage']],
    };
  },
  warnings: [
    'The backup completed, but some files were skipped because they could not be read. Review the backup log for details.',
    'One of the volumes in the backup set is not available; it was left out of this backup.',
  ],
  failures: [
    'Windows Backup encountered an error when accessing the remote shared folder. The backup storage location could not be accessed.',
    'There is not enough disk space to create the volume shadow copy on the storage location.',
    'The backup target disk was not found. Make sure the disk is connected and online.',
  ],
};
