import { clock12, usDay } from '../format.ts';
import { COLORS, esc, footer, kvTable, kvText, page } from '../html.ts';
import { hash, mulberry32 } from '../random.ts';
import { hex, ipOf, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Datto SIRIS / ALTO ---------------------------------------------------------------------

export const dattoBcdr: VendorSpec = {
  identity: (device, job) => ({ device, job: job || device }),
  render(c) {
    const event = `Backup ${word3(c.status, 'Success', 'Warning', 'Failure')}`;
    const rows: [string, string][] = [
      ['Event', event],
      ['Organization', c.org.name],
      ['Device', c.job],
      ['Serial Number', hex(mulberry32(hash(c.job)), 12)],
      ['Protected Machine', `${c.device} (${ipOf(c, c.device)})`],
      ['Backup Type', 'Incremental'],
      ['Backup Started', `${usDay(c.s)} ${clock12(c.s)}`],
      ['Backup Ended', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Status', word3(c.status, 'Success', 'Warning', 'Failed')],
    ];
    if (c.status === 'Warning') rows.push(['Warning', c.problem]);
    if (c.status === 'Failure') rows.push(['Error', c.problem]);
    const closing =
      c.status === 'Failure'
        ? 'The next backup will be attempted at the next scheduled interval.'
        : 'A new recovery point is available on the device.';
    const text = `${event}\n\n${kvText(rows)}\n\n${closing}\n\n-- \nThis alert was sent by your Datto device.\n`;
    const html = page(
      [
        `<div style="background:#1e2b3c;color:#fff;padding:16px;font-size:18px;">Datto</div>`,
        `<div style="background:${COLORS[c.status]};color:#fff;padding:12px 16px;font-size:18px;">${esc(event)}</div>`,
        kvTable(rows),
        `<p>${esc(closing)}</p>`,
        footer(
          'This alert was sent by your Datto device. Change which alerts you receive in the Datto Partner Portal.',
        ),
      ].join('\n'),
      'Arial,Helvetica,sans-serif',
    );
    return {
      fromName: 'Datto Alerts',
      fromAddress: 'noreply@dattobackup.com',
      subject: `${c.job}: ${event} for ${c.device}`,
      text,
      html,
    };
  },
  warnings: [
    'Backup completed from a crash-consistent snapshot: VSS writer "SqlServerWriter" failed.',
    'Volume E: was skipped because it is offline.',
    'Local verification found file system inconsistencies on volume D:.',
  ],
  failures: [
    'Unable to create a VSS snapshot of volume C: (VSS_E_UNEXPECTED_PROVIDER_ERROR)',
    'The agent on the protected machine could not be reached (connection timed out).',
    'Backup failed: not enough free space in the device storage pool.',
    'The ShadowSnap service on the protected machine stopped responding during the transfer.',
  ],
};
