import { clock12, hms, size, usDay } from '../format.ts';
import { COLORS, esc, footer, kvTable, page } from '../html.ts';
import { word3, type VendorSpec } from '../vendor-spec.ts';

// --- Altaro / Hornetsecurity VM Backup --------------------------------------------------------

export const altaro: VendorSpec = {
  identity: (device, job) => ({ device, job: /offsite/i.test(job) ? 'Offsite Copy' : 'Backup' }),
  render(c) {
    const offsite = c.job === 'Offsite Copy';
    const word = word3(c.status, 'Successful', 'Completed with Warnings', 'Failed');
    const rows: [string, string][] = [
      ['Virtual Machine', c.device],
      ['Host', `HV01.${c.org.tag}.local`],
      ['Operation', c.job],
      ['Result', word3(c.status, 'Successful', 'Completed with warnings', 'Failed')],
      ['Start Time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End Time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration', hms(c.seconds, true)],
      offsite
        ? ['Offsite Location', `Altaro Offsite Server - aos.${c.org.tag}-dr.net:35107`]
        : ['Backup Location', 'E:\\AltaroBackups (Physical Drive - 8TB)'],
      ['Transferred', size(c.bytes)],
      ['Details', c.status === 'Success' ? `${c.job} completed successfully.` : c.problem],
    ];
    const headline = `${c.job} of ${c.device} ${word3(c.status, 'completed successfully', 'completed with warnings', 'failed')}`;
    return {
      fromName: 'Altaro VM Backup',
      fromAddress: `altaro@${c.org.domain}`,
      subject: `Altaro VM Backup - ${c.job} ${word} - ${c.device}`,
      html: page(
        [
          '<table width="640" cellpadding="0" cellspacing="0"><tr><td style="background:#0a6ebd;color:#fff;padding:12px;font-size:18px">Altaro VM Backup</td></tr>',
          `<tr><td style="padding:12px;font-size:15px;color:${COLORS[c.status]}"><b>${esc(headline)}</b></td></tr></table>`,
          kvTable(rows),
          footer(
            'You are receiving this e-mail because notifications are enabled in the Altaro VM Backup Management Console.',
          ),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Application consistent backup failed; a crash-consistent backup was taken instead (VSS writer SqlServerWriter timed out).',
    'The virtual machine has a checkpoint older than 7 days; consider merging it.',
  ],
  failures: [
    'Connection to the Altaro Offsite Server was lost during the operation (error 10054: An existing connection was forcibly closed by the remote host).',
    'The backup location E:\\AltaroBackups is not accessible. Make sure the drive is connected.',
    'Failed to take a checkpoint of the virtual machine (0x80070490).',
  ],
};
