import { clock12, hms, size, usDay } from '../format.ts';
import { banner, footer, kvTable, kvText, page } from '../html.ts';
import { noSpaces, word3, type VendorSpec } from '../vendor-spec.ts';

// --- MSP360 Managed Backup ----------------------------------------------------------------

export const msp360: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job }),
  render(c) {
    const cloud = /wasabi|cloud|azure|s3|b2/i.test(c.job);
    const image = /image/i.test(c.job);
    const phrase = word3(c.status, 'completed successfully', 'completed with warnings', 'failed');
    const rows: [string, string][] = [
      ['Company', c.org.name],
      ['User', `${c.org.tag}-${c.device.toLowerCase()}`],
      ['Computer', c.device],
      ['Plan name', c.job],
      ['Plan type', image ? 'Image-based backup' : 'File-level backup'],
      ['Storage', cloud ? `Wasabi (${c.org.tag}-backups/${c.device.toLowerCase()})` : 'Local NAS \\\\nas01\\backups'],
      ['Status', word3(c.status, 'Success', 'Warning', 'Failed')],
      ['Start time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Duration', hms(c.seconds, true)],
      ['Uploaded size', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    const title = `Backup plan ${phrase}`;
    const note =
      'MSP360 Managed Backup. You receive this notification because notifications are enabled for this backup plan.';
    return {
      fromName: 'MSP360 Managed Backup',
      fromAddress: 'noreply@mspbackups.com',
      subject: `Backup plan "${c.job}" on ${c.device} ${phrase}`,
      text: `${title}\n\n${kvText(rows)}\n\n${note}\n`,
      html: page([banner('MSP360 Managed Backup', title, c.status), kvTable(rows), footer(note)].join('\n')),
    };
  },
  warnings: [
    'Volume shadow copy for volume D: could not be created; the volume was backed up without VSS',
    '2 files were skipped because access is denied',
  ],
  failures: [
    'The specified bucket does not exist (404)',
    'Storage account authentication failed: the access key is not valid',
    'The backup plan was interrupted because the computer went to sleep',
  ],
};
