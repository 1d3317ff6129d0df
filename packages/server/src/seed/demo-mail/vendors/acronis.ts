import { clock12, shortDay, size } from '../format.ts';
import { banner, footer, kvTable, page } from '../html.ts';
import { same, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Acronis Cyber Protect Cloud ------------------------------------------------------------------

export const acronis: VendorSpec = {
  identity: same,
  render(c) {
    const kind = word3(c.status, 'Backup succeeded', 'Backup succeeded with warnings', 'Backup failed');
    const cloud = /cloud|laptop|workstation/i.test(c.job);
    const rows: [string, string][] = [
      ['Device', c.device],
      ['Plan', c.job],
      ['Customer', c.org.name],
      ['Backup location', cloud ? 'Cloud storage (us5-cloud.acronis.com)' : 'Network folder (\\\\nas01\\acronis)'],
      ['Started', `${shortDay(c.s)}, ${clock12(c.s)}`],
      ['Finished', `${shortDay(c.e)}, ${clock12(c.e)}`],
      ['Backed up', size(c.bytes)],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    return {
      fromName: 'Acronis Cyber Protect Cloud',
      fromAddress: 'noreply@cloud.acronis.com',
      subject: `${kind}: ${c.device}`,
      html: page(
        [
          banner('Acronis Cyber Protect Cloud', kind, c.status),
          kvTable(rows),
          footer(
            'This message was sent by Acronis Cyber Protect Cloud. To change notification settings, go to the management portal.',
          ),
        ].join('\n'),
      ),
    };
  },
  warnings: [
    'Failed to back up 3 files: access is denied (C:\\Users\\Public\\Documents\\locked.pst).',
    'The VSS writer "SqlServerWriter" did not respond; the database was backed up without application consistency.',
    'Retention rules could not delete 2 outdated backups.',
  ],
  failures: [
    'Activity "Backing up" failed: The backup storage is not available. The connection timed out.',
    'Activity "Backing up" failed: Failed to create a volume snapshot (0x80042308).',
    'The machine was offline at the scheduled time; the backup did not run to completion.',
  ],
};
