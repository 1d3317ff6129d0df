import { isoLocal, shortDuration, size } from '../format.ts';
import { banner, footer, kvTable, page } from '../html.ts';
import { hash } from '../random.ts';
import { upperTag, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Axcient x360Recover ---------------------------------------------------------------------

export const axcient: VendorSpec = {
  identity: (device) => ({ device, job: device }),
  render(c) {
    const phrase = word3(c.status, 'Backup succeeded', 'Backup completed with warnings', 'Backup failed');
    const d2c = hash(c.device) % 3 === 0;
    const rows: [string, string][] = [
      ['Client', c.org.name],
      ['Client ID', String(1000 + (hash(c.org.tag) % 9000))],
      ['Protected system', c.device],
      ['Protection type', d2c ? 'Direct-to-Cloud (D2C)' : `Appliance (BDR-${upperTag(c)}-01)`],
      ['Job', 'Backup'],
      ['Status', word3(c.status, 'Succeeded', 'Completed with warnings', 'Failed')],
      ['Started', `${isoLocal(c.su)} UTC`],
      ['Finished', `${isoLocal(c.eu)} UTC`],
      ['Duration', shortDuration(c.seconds)],
      ['Data transferred', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    return {
      fromName: 'x360Recover',
      fromAddress: 'noreply@axcient.net',
      subject: `[x360Recover] ${phrase} - ${c.device} (${c.org.name})`,
      html: page(
        [
          banner('Axcient x360Recover', phrase, c.status),
          kvTable(rows),
          footer('Axcient x360Recover - manage notification settings in x360Portal.'),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Volume E: was excluded because it is a removable disk',
    'Backup used a crash-consistent snapshot because the VSS writer "SqlServerWriter" failed',
  ],
  failures: [
    'Unable to connect to the agent on the protected system (timed out after 300 seconds)',
    'Snapshot creation failed: VSS_E_INSUFFICIENT_STORAGE on volume C:',
    'The appliance storage pool is full; the backup could not be written',
  ],
};
