import { clock12, hms, longDay } from '../format.ts';
import { hash } from '../random.ts';
import { type Wall } from '../time.ts';
import { word3, type VendorSpec } from '../vendor-spec.ts';

// --- Veritas Backup Exec ----------------------------------------------------------------------

export const backupExec: VendorSpec = {
  identity: (_device, job) => ({ device: /^(\S+?)\s+Backup\b/i.exec(job)?.[1] ?? '', job }),
  render(c) {
    const server = `BE0${1 + (hash(c.org.tag) % 2)}`;
    const alert = word3(c.status, 'Job Success', 'Job Completed with Exceptions', 'Job Failed');
    const when = (w: Wall) => `${longDay(w)} at ${clock12(w)}`;
    const logNo = String(1000 + Math.floor(c.rnd() * 8999)).padStart(5, '0');
    const lines = [
      `${alert} -- ${word3(
        c.status,
        'The job completed successfully.',
        'The job completed successfully.  However, the following conditions were encountered:',
        `The job failed with the following error: ${c.problem.replace(/^0x[0-9a-f]+ - /i, '')}`,
      )}`,
      '',
      `Job server: ${server}`,
      `Job name: ${c.job}`,
      `Job started: ${when(c.s)}`,
      'Job type: Backup',
      `Job Log: C:\\Program Files\\Veritas\\Backup Exec\\Data\\BEX_${server}_${logNo}.xml`,
      '',
      'Job Completion Status',
      `Job ended: ${when(c.e)}`,
      `Completed status: ${word3(c.status, 'Successful', 'Succeeded with exceptions', 'Failed')}`,
    ];
    if (c.status === 'Failure') lines.push(`Final error: ${c.problem}`, 'Final error category: Resource Errors');
    else lines.push(`Byte count: ${c.bytes.toLocaleString('en-US')} bytes`, `Elapsed time: ${hms(c.seconds, true)}`);
    if (c.status === 'Warning') {
      lines.push(
        '',
        'Exceptions',
        c.problem,
        '',
        'For additional information regarding these exceptions refer to the job log.',
      );
    }
    lines.push('');
    return {
      fromName: 'Backup Exec',
      fromAddress: `backupexec@${c.org.domain}`,
      subject: `Backup Exec Alert: ${alert} (Server: "${server}") (Job: "${c.job}")`,
      text: lines.join('\n'),
    };
  },
  warnings: [
    'V-79-57344-65225 - AOFO: Initialization failure on: "System?State". Advanced Open File Option used: Microsoft Volume Shadow Copy Service (VSS).',
    'The item \\\\{device}\\D:\\Profiles\\NTUSER.DAT in use - skipped.',
  ],
  failures: [
    '0xe00084af - The directory or file was not found, or could not be accessed.',
    '0xe000fe30 - A communications failure has occurred with the remote agent.',
    '0xe0008443 - The backup storage device is full.',
  ],
};
