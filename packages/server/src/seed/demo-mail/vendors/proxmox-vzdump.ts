import { hms, isoLocal, p2, size } from '../format.ts';
import { esc } from '../html.ts';
import { hash } from '../random.ts';
import { type Wall } from '../time.ts';
import { noSpaces, type VendorSpec } from '../vendor-spec.ts';

// --- Proxmox VE vzdump ----------------------------------------------------------------------

const proxmoxHost = (job: string) => noSpaces(job.replace(/^\s*vzdump\s+/i, '').trim()) || 'pve1';

export const proxmoxVzdump: VendorSpec = {
  identity: (device, job) => ({ device: noSpaces(device), job: `vzdump ${proxmoxHost(job)}` }),
  render(c) {
    const host = proxmoxHost(c.job);
    const vmid = String(100 + (hash(`${host}|${c.device}`) % 100));
    const lxc = hash(c.device) % 4 === 0;
    const kind = lxc ? 'lxc' : 'qemu';
    const failed = c.status === 'Failure';
    const stamp = (w: Wall) => `${w.y}_${p2(w.mo)}_${p2(w.d)}-${p2(w.h)}_${p2(w.mi)}_${p2(w.s)}`;
    const file = `/mnt/pve/nas-backup/dump/vzdump-${kind}-${vmid}-${stamp(c.s)}.${lxc ? 'tar' : 'vma'}.zst`;
    const sizeText = failed ? '0.00MB' : size(c.bytes, '');
    const row = `${vmid.padEnd(10)} ${c.device.padEnd(20)} ${(failed ? 'err' : 'ok').padEnd(8)} ${hms(c.seconds, true).padStart(9)} ${sizeText.padStart(10)}  ${failed ? '-' : file}`;
    const at = (w: Wall, level: string, msg: string) => `${vmid}: ${isoLocal(w)} ${level}: ${msg}`;
    const log = [
      at(c.s, 'INFO', `Starting Backup of VM ${vmid} (${kind})`),
      at(c.s, 'INFO', 'status = running'),
      at(c.s, 'INFO', `${lxc ? 'CT' : 'VM'} Name: ${c.device}`),
      ...(c.status === 'Warning' ? [at(c.s, 'WARN', c.problem)] : []),
      at(c.s, 'INFO', 'backup mode: snapshot'),
      at(c.s, 'INFO', 'ionice priority: 7'),
      at(c.s, 'INFO', `creating vzdump archive '${file}'`),
      ...(failed
        ? [
            at(c.e, 'ERROR', c.problem),
            at(c.e, 'INFO', 'aborting backup job'),
            at(c.e, 'ERROR', `Backup of VM ${vmid} failed - ${c.problem}`),
          ]
        : [
            at(c.e, 'INFO', `archive file size: ${size(c.bytes, '')}`),
            at(c.e, 'INFO', `Finished Backup of VM ${vmid} (${hms(c.seconds, true)})`),
          ]),
    ];
    const command = `vzdump ${vmid} --mode snapshot --compress zstd --storage nas-backup --mailto backups@${c.org.domain} --mailnotification always --quiet 1`;
    const head = 'VMID       NAME                 STATUS       TIME       SIZE  FILENAME';
    const text = [head, row, '', 'Detailed backup logs:', '', command, '', ...log, '', ''].join('\n');
    const html = [
      '<html><body>',
      '<table border=1 cellpadding=3>',
      '<tr><td>VMID<td>NAME<td>STATUS<td>TIME<td>SIZE<td>FILENAME</tr>',
      `<tr><td>${vmid}<td>${esc(c.device)}<td>${failed ? '<font color=red>FAILED' : 'OK'}<td>${hms(c.seconds, true)}<td align=right>${sizeText}<td>${failed ? esc(c.problem) : esc(file)}</tr>`,
      '</table><br><br>',
      'Detailed backup logs:<br /><br />',
      `<pre>\n${esc(command)}\n\n${log.map(esc).join('\n')}\n</pre>`,
      '</body></html>',
    ].join('\n');
    return {
      fromName: 'vzdump backup tool',
      fromAddress: `root@${host}`,
      subject: `vzdump backup status (${host}) : backup ${failed ? 'failed' : 'successful'}`,
      text,
      html,
    };
  },
  warnings: [
    "skipping guest-agent 'fs-freeze', agent configured but not running?",
    'no efidisk configured! Using temporary efivars disk.',
  ],
  failures: [
    'job failed with err -5 - Input/output error',
    "storage 'nas-backup' is not online",
    "can't acquire lock '/var/run/vzdump.lock' - got timeout",
  ],
};
