import { clock12, clock24, hms, size, usDay } from '../format.ts';
import { esc } from '../html.ts';
import { hex, word3, type VendorSpec } from '../vendor-spec.ts';

// --- Macrium Reflect ------------------------------------------------------------------------

export const macrium: VendorSpec = {
  identity: (device, job) => ({ device, job: job.replace(/[\\/:*?"<>|]+/g, '-') }),
  render(c) {
    const image = !/file|document/i.test(c.job);
    const imageId = hex(c.rnd, 16);
    const word = word3(c.status, 'Success', 'Warning', 'Failure');
    const headline = word3(c.status, 'Backup Successful', 'Backup completed with warnings', 'Backup Failed');
    const definition = `C:\\Users\\svc-backup\\Documents\\Reflect\\${c.job}.xml`;
    const ended = `${usDay(c.e)} ${clock24(c.e)}`;
    const problem = c.status === 'Success' ? '' : c.problem;
    const logProblem =
      c.status === 'Failure' && !/^Backup aborted/i.test(problem)
        ? `Backup aborted! - ${problem}`
        : c.status === 'Warning' && !/^(Warning|Error|Unable)\b/i.test(problem)
          ? `Warning - ${problem}`
          : problem;
    const log = [
      `Image ID - ${imageId}`,
      `Backup Definition File: ${definition}`,
      'Auto Verify:           N',
      'Compression:           Medium',
      'Operation 1 of 2',
      'Hard Disk:             1',
      'Drive Letter:          C',
      'File System:           NTFS',
      'Creating Volume Snapshot - Please Wait',
      'Saving Partition - Windows (C:)',
      ...(c.status === 'Failure' ? [logProblem] : []),
      ...(c.status === 'Warning' ? [logProblem] : []),
      'Gathering Windows Events - Please Wait',
      ...(c.status === 'Success' ? [`Backup Completed Successfully - ${ended}`] : []),
      ...(c.status === 'Warning' ? [`Backup completed with warnings - ${ended}`] : []),
    ];
    const rows: [string, string][] = [
      ['Computer', c.device],
      ['Backup Definition File', definition],
      ['Backup Type', image ? 'Image - Incremental' : 'File and Folder - Differential'],
      ['Destination', `\\\\nas01\\Reflect\\${c.device}\\`],
      ['Image ID', imageId],
      ['Start Time', `${usDay(c.s)} ${clock12(c.s)}`],
      ['End Time', `${usDay(c.e)} ${clock12(c.e)}`],
      ['Total Duration', hms(c.seconds, true)],
      ['Backup Size', size(c.bytes)],
    ];
    return {
      fromName: 'Macrium Reflect',
      fromAddress: `reflect@${c.org.domain}`,
      subject: `Macrium Reflect - ${word} - ${c.device} - ${c.job}`,
      html: [
        '<html>',
        '<head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Macrium Reflect</title></head>',
        '<body style="font-family: Segoe UI, Arial, sans-serif; font-size: 10pt;">',
        `<table width="100%" cellpadding="6" style="background:#1d3557;color:#ffffff"><tr><td><b>Macrium Reflect</b></td><td align="right">${esc(headline)}</td></tr></table>`,
        `<p>${esc(headline)}.</p>`,
        '<table cellpadding="3" style="border-collapse:collapse">',
        ...rows.map(([k, v]) => `<tr><td><b>${esc(k)}:</b></td><td>${esc(v)}</td></tr>`),
        '</table>',
        '<p><b>Log excerpt</b></p>',
        `<pre style="font-family: Consolas, monospace; font-size: 9pt;">\n${log.map(esc).join('\n')}\n</pre>`,
        `<p style="color:#888888;font-size:8pt">This e-mail was sent by Macrium Reflect on ${esc(c.device)}.</p>`,
        '</body>',
        '</html>',
      ].join('\n'),
    };
  },
  warnings: [
    "Warning - Unable to open file 'D:\\Data\\Practice\\practice.mdb' - The process cannot access the file because it is being used by another process.",
    'Warning - Volume D: has bad sectors; 4 clusters could not be read and were skipped.',
  ],
  failures: [
    'Backup aborted! - Write operation failed - The specified network name is no longer available.',
    'Backup aborted! - Destination is full - There is not enough space on the disk.',
    'Backup aborted! - Unable to create a VSS snapshot - error 0x8004230F.',
  ],
};
