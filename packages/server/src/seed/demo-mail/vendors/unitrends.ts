import { clock24, hms, size, usDay } from '../format.ts';
import { footer, grid, kvTable, page } from '../html.ts';
import { hash } from '../random.ts';
import { same, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Unitrends --------------------------------------------------------------------------------

export const unitrends: VendorSpec = {
  identity: same,
  render(c) {
    const appliance = `UB-0${1 + (hash(c.org.tag) % 3)}`;
    const word = word3(c.status, 'Successful', 'Warning', 'Failed');
    const full = /full|weekly/i.test(c.job);
    return {
      fromName: `Unitrends Backup ${appliance}`,
      fromAddress: `${appliance.toLowerCase()}@${c.org.domain}`,
      subject: `${appliance}: Backup Job '${c.job}' - ${word}`,
      html: page(
        [
          '<h2 style="color:#00539b">Unitrends Backup - Job Report</h2>',
          kvTable([
            ['Appliance', appliance],
            ['Job Name', c.job],
            ['Job Type', 'Backup'],
            ['Result', word],
          ]),
          '<br>',
          grid(
            ['Asset', 'Instance', 'Backup Type', 'Status', 'Start Time', 'Elapsed', 'Size', 'Message'],
            [
              [
                c.device,
                'File-level',
                full ? 'Full' : 'Incremental',
                word,
                `${usDay(c.s)} ${clock24(c.s)}`,
                hms(c.seconds, true),
                size(c.bytes),
                c.problem,
              ],
            ],
          ),
          footer('Unitrends Backup 10.8.2 - log in to the appliance UI for job details.'),
        ].join('\n'),
        'Arial,Helvetica,sans-serif',
      ),
    };
  },
  warnings: [
    'Backup completed with warnings: 3 items were skipped because they were in use.',
    'Backup completed with warnings: the change journal was reset, a full scan was performed.',
  ],
  failures: [
    'Unable to connect to the Unitrends agent on {device} (port 1743): connection refused.',
    'The backup failed: insufficient space on the appliance backup storage.',
    'The backup failed: the agent reported a snapshot error (VSS 0x80042306).',
  ],
};
