import { clock12, GB, hms, longDay, size } from '../format.ts';
import { esc } from '../html.ts';
import { between } from '../random.ts';
import { type DemoStatus } from '../types.ts';
import { word3, type Ctx } from '../vendor-spec.ts';

// --- Veeam (Backup & Replication, Agent, Microsoft 365): the shared HTML job report ----------------

const VEEAM_TD = 'padding: 2px 3px;vertical-align: top;border: 1px solid #a7a9ac;font-family: Tahoma;font-size: 12px;';
const VEEAM_COLORS: Record<DemoStatus, string> = { Success: '#00B050', Warning: '#ffd96c', Failure: '#fb9895' };

export function veeamReport(o: {
  title: string;
  description: string;
  status: DemoStatus;
  processed: string;
  session: string;
  counts: [number, number, number];
  summary: [string, string][][];
  jobMessage?: string;
  columns: string[];
  rows: string[][];
  footer: string;
}): string {
  const color = VEEAM_COLORS[o.status];
  const head = `border: none;background-color: ${color};color: White;font-weight: bold;font-size: 16px;height: 70px;vertical-align: bottom;padding: 0 0 17px 15px;font-family: Tahoma;`;
  const band = `colspan="${o.columns.length}" style="height: 35px;background-color: #f3f4f4;font-size: 16px;vertical-align: middle;padding: 5px 0 0 15px;color: #626365;font-family: Tahoma;border: 1px solid #a7a9ac;"`;
  const td = (v: string, bold = false) =>
    `<td style="${VEEAM_TD}" nowrap="nowrap">${bold ? `<b>${esc(v)}</b>` : esc(v)}</td>`;
  const countLabels = ['Success', 'Warning', 'Error'];
  const summaryRows = o.summary.map((pairs, i) => {
    const cells = [
      td(countLabels[i], true),
      td(String(o.counts[i])),
      ...pairs.flatMap(([k, v]) => [td(k, true), td(v)]),
    ];
    const pad = o.columns.length - 2 - pairs.length * 2;
    if (i === 0 && pad > 0) cells.push(`<td rowspan="3" colspan="${pad}" style="${VEEAM_TD}">&nbsp;</td>`);
    return `<tr style="height: 17px;">${cells.join('')}</tr>`;
  });
  const objectRows = o.rows.map((r) => {
    const cells = r.map((v, i) => {
      const name = o.columns[i];
      if (name === 'Status')
        return `<td style="${VEEAM_TD}" nowrap="nowrap"><span style="color: ${VEEAM_COLORS[statusOfWord(v)]};">${esc(v)}</span></td>`;
      if (name === 'Details')
        return `<td style="${VEEAM_TD}"><span class="small_label" style="font-size: 10px;">${esc(v)}</span></td>`;
      return td(v);
    });
    return `<tr style="height: 17px;">${cells.join('')}</tr>`;
  });
  return [
    '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css">body { margin: 0; } .small_label { font-size: 10px; }</style></head>',
    '<body>',
    '<table cellspacing="0" cellpadding="0" width="100%" border="0" style="border-collapse: collapse;">',
    '<tr><td style="border: none; padding: 0px;font-family: Tahoma;font-size: 12px;">',
    '<table cellspacing="0" cellpadding="0" width="100%" border="0" style="border-collapse: collapse;">',
    '<tr style="height:70px">',
    `<td style="width: 80%;${head}">${esc(o.title)}<div class="jobDescription" style="margin-top: 5px;font-size: 12px;">${esc(o.description)}</div></td>`,
    `<td style="${head}">${esc(word3(o.status, 'Success', 'Warning', 'Failed'))}<div class="jobDescription" style="margin-top: 5px;font-size: 12px;">${esc(o.processed)}</div></td>`,
    '</tr>',
    '<tr><td colspan="2" style="border: none; padding: 0px;font-family: Tahoma;font-size: 12px;">',
    '<table class="inner" cellspacing="0" cellpadding="0" width="100%" border="0" style="margin: 0px;border-collapse: collapse;">',
    `<tr style="height: 17px;"><td ${band} class="sessionDetails"><span>${esc(o.session)}</span></td></tr>`,
    ...(o.jobMessage ? [`<tr style="height: 17px;"><td ${band}>${esc(o.jobMessage)}</td></tr>`] : []),
    ...summaryRows,
    `<tr style="height: 17px;"><td ${band} nowrap="nowrap">Details</td></tr>`,
    `<tr class="processObjectsHeader" style="height: 23px">${o.columns.map((h) => `<td style="background-color: #e3e3e3;${VEEAM_TD}border-top: none;" nowrap="nowrap"><b>${esc(h)}</b></td>`).join('')}</tr>`,
    ...objectRows,
    '</table>',
    '</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    `<br><div style="color: #626365; font-family: Tahoma;font-size: 12px;">${esc(o.footer)}</div>`,
    '</body></html>',
  ].join('\n');
}

function statusOfWord(word: string): DemoStatus {
  return /fail|error/i.test(word) ? 'Failure' : /warn|partial/i.test(word) ? 'Warning' : 'Success';
}

export function veeamSubject(c: Ctx, middle: string): string {
  const issue = c.status === 'Warning' ? ' 1 warning' : c.status === 'Failure' ? ' 1 error' : '';
  return `[${word3(c.status, 'Success', 'Warning', 'Failed')}] ${middle}${issue}`;
}

export const veeamCounts = (s: DemoStatus): [number, number, number] =>
  s === 'Success' ? [1, 0, 0] : s === 'Warning' ? [0, 1, 0] : [0, 0, 1];

export function veeamMachineReport(
  c: Ctx,
  o: { title: string; description: string; unit: string; footer: string },
): string {
  const total = c.bytes * between(c.rnd, 6, 30) + 60 * GB;
  const read = c.bytes * between(c.rnd, 1.3, 2.2);
  const word = word3(c.status, 'Success', 'Warning', 'Failed');
  return veeamReport({
    title: o.title,
    description: o.description,
    status: c.status,
    processed: `1 of 1 ${o.unit} processed`,
    session: `${longDay(c.s)} ${clock12(c.s)}`,
    counts: veeamCounts(c.status),
    summary: [
      [
        ['Start time', clock12(c.s)],
        ['Total size', size(total)],
        ['Backup size', size(c.bytes)],
      ],
      [
        ['End time', clock12(c.e)],
        ['Data read', size(read)],
        ['Dedupe', `${between(c.rnd, 1, 1.8).toFixed(1)}x`],
      ],
      [
        ['Duration', hms(c.seconds)],
        ['Transferred', size(c.bytes)],
        ['Compression', `${between(c.rnd, 1.4, 2.4).toFixed(1)}x`],
      ],
    ],
    columns: ['Name', 'Status', 'Start time', 'End time', 'Size', 'Read', 'Transferred', 'Duration', 'Details'],
    rows: [
      [c.device, word, clock12(c.s), clock12(c.e), size(total), size(read), size(c.bytes), hms(c.seconds), c.problem],
    ],
    footer: o.footer,
  });
}
