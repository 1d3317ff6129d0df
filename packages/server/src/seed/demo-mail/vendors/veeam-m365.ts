import { clock24, hms, MB, size } from '../format.ts';
import { hash } from '../random.ts';
import { MONTHS, WEEKDAYS } from '../time.ts';
import { same, type VendorSpec } from '../vendor-spec.ts';
import { veeamReport, veeamSubject } from './veeam-report.ts';

const M365_PEOPLE = [
  'Megan Ortiz',
  'Daniel Reyes',
  'Priya Natarajan',
  'Tom Becker',
  'Grace Liu',
  'Samuel Okafor',
  'Front Desk',
  'Billing',
];

export const veeamM365: VendorSpec = {
  identity: same,
  render(c) {
    const org = c.device;
    const kind = /onedrive/i.test(c.job) ? 'OneDrive' : /sharepoint|teams/i.test(c.job) ? 'Site' : 'Mailbox';
    const start = clock24(c.s);
    const names = [0, 1, 2].map((i) => M365_PEOPLE[(hash(c.org.tag) + i * 3) % M365_PEOPLE.length]);
    const failed = c.status === 'Failure';
    const shares = [0.45, 0.2, 0.35];
    const rows = failed
      ? []
      : names.map((n, i) => [
          kind === 'Site' ? `/sites/${n.replace(/\s+/g, '')}` : n,
          kind,
          i === 1 && c.status === 'Warning' ? 'Warning' : 'Success',
          start,
          clock24(c.e),
          hms(Math.round(c.seconds * (i === 2 ? 1 : 0.6))),
          size(c.bytes * shares[i]),
          i === 1 && c.status === 'Warning' ? c.problem : '',
        ]);
    return {
      fromName: 'Veeam Backup for Microsoft 365',
      fromAddress: `vb365@${c.org.domain}`,
      subject: veeamSubject(c, `${org} - ${c.job} (${rows.length} objects)`),
      html: veeamReport({
        title: `Backup job: ${c.job}`,
        description: `Organization: ${org}`,
        status: c.status,
        processed: `${rows.length} of 3 objects processed`,
        session: `${WEEKDAYS[c.s.wd]}, ${c.s.d} ${MONTHS[c.s.mo - 1]} ${c.s.y} ${start}`,
        counts: failed ? [0, 0, 1] : c.status === 'Warning' ? [2, 1, 0] : [3, 0, 0],
        jobMessage: failed ? c.problem : undefined,
        summary: [
          [
            ['Start time', start],
            ['Organization', org],
          ],
          [
            ['End time', clock24(c.e)],
            ['Transferred', size(c.bytes)],
          ],
          [
            ['Duration', hms(c.seconds)],
            ['Processing rate', `${(c.bytes / MB / Math.max(1, c.seconds)).toFixed(1)} MB/s`],
          ],
        ],
        columns: ['Name', 'Type', 'Status', 'Start time', 'End time', 'Duration', 'Transferred', 'Details'],
        rows,
        footer: 'Veeam Backup for Microsoft 365 8.1.0.305',
      }),
    };
  },
  warnings: [
    '14 items were skipped because they exceed the maximum supported item size.',
    'The item is locked for editing and was skipped; it will be retried in the next session.',
    'Microsoft 365 throttled the requests; some items will be processed in the next session.',
  ],
  failures: [
    'Failed to connect to the organization: the application certificate has expired.',
    'Access token request failed: AADSTS7000222 the provided client secret keys are expired.',
    'Backup repository is out of free space (2.1 GB left).',
  ],
};
