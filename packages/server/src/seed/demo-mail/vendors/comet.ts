import { isoLocal, MB, shortDuration, size } from '../format.ts';
import { COLORS, esc, footer, kvTable, page } from '../html.ts';
import { between, hash } from '../random.ts';
import { type Wall } from '../time.ts';
import { same, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Comet Backup -------------------------------------------------------------------------------

export const comet: VendorSpec = {
  identity: same,
  render(c) {
    const word = word3(c.status, 'Success', 'Warning', 'Error');
    const local = hash(`${c.device}|${c.job}`) % 3 === 0;
    const at = (w: Wall) => isoLocal(w);
    const log = [
      `${at(c.s)} I Starting backup job`,
      `${at(c.s)} I Taking VSS snapshot of C:\\`,
      ...(c.status === 'Warning' ? [`${at(c.e)} W ${c.problem}`] : []),
      ...(c.status === 'Failure' ? [`${at(c.e)} E ${c.problem}`] : []),
      `${at(c.e)} I ${word3(c.status, 'Backup job completed', 'Backup job completed with 1 warning', 'Backup job failed')}`,
    ];
    // Comet's "Size" is the data the job protected (what the parser reports); "Uploaded" is the new part of it.
    const uploaded = c.bytes * between(c.rnd, 0.03, 0.12);
    const rows: [string, string][] = [
      ['Username', c.org.tag],
      ['Device', c.device],
      ['Protected Item', c.job],
      ['Storage Vault', local ? 'Local USB (E:\\CometVault)' : 'Comet Storage powered by Wasabi (us-east-1)'],
      ['Type', 'Backup'],
      ['Status', word],
      ['Start time', at(c.s)],
      ['End time', at(c.e)],
      ['Duration', shortDuration(c.seconds)],
      ['Files', (Math.floor(c.bytes / (2.3 * MB)) || 1).toLocaleString('en-US')],
      ['Size', size(c.bytes)],
      ['Uploaded', size(uploaded)],
      ['Downloaded', size(uploaded / 40)],
    ];
    return {
      fromName: 'Comet Backup',
      fromAddress: `backup-reports@${c.org.domain}`,
      subject: `Job Report: ${word} - ${c.device} - ${c.job}`,
      html: page(
        [
          '<div style="max-width:640px;margin:0 auto;background:#fff;padding:20px">',
          '<h2 style="margin-top:0">Job Report</h2>',
          `<p style="font-size:16px;color:${COLORS[c.status]}"><b>${word}</b></p>`,
          kvTable(rows, false),
          '<h3>Job log</h3>',
          `<pre style="font-size:12px;background:#fafafa;padding:8px">${log.map(esc).join('\n')}</pre>`,
          footer('This is an automated message from Comet Backup.'),
          '</div>',
        ].join('\n'),
        'Helvetica,Arial,sans-serif',
      ),
    };
  },
  warnings: [
    "Couldn't read file 'C:\\Data\\Outlook\\archive.pst': The process cannot access the file because it is being used by another process.",
    "Couldn't read file 'C:\\Data\\db\\practice.ldf': Access is denied.",
  ],
  failures: [
    "Couldn't connect to the Storage Vault: 403 Forbidden",
    'Storage Vault quota exceeded; no more data can be uploaded',
    'Failed to take VSS snapshot: 0x8004230F',
  ],
};
