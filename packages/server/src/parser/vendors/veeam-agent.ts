import type { MailMessage, ParsedResult, VendorParser } from '../types.ts';
import { bodyOf } from './_a-shared.ts';
import { parseVeeamReport, veeamResultWord } from './_a-veeam.ts';
import { veeamResults } from './veeam-br.ts';

const ID = 'veeam-agent';

/** The product line standalone agents print in the report header and footer. */
const AGENT_MARK = /Veeam Agent for (?:Microsoft Windows|Linux|Mac|IBM AIX|Oracle Solaris)/i;
const VBR_MARK = /Veeam Backup (?:&amp;|&) Replication/i;

function detect(msg: MailMessage): boolean {
  if (!msg.html) return false;
  const body = bodyOf(msg);
  if (!AGENT_MARK.test(body) || !veeamResultWord(msg)) return false;
  // Agent jobs managed by a backup server carry the Backup & Replication footer: those are veeam-br's.
  return !VBR_MARK.test(body) && /\b(?:job|policy)\s*:/i.test(body);
}

function parse(msg: MailMessage): ParsedResult[] {
  const report = parseVeeamReport(msg);
  const results = veeamResults(ID, report);
  // A job that failed before reading the machine lists no object row: the computer is in the subject.
  const computer = /\(([^()]+)\)\s*$/.exec(msg.subject.replace(/^\s*\[[^\]]*\]\s*/, ''))?.[1]?.trim() ?? '';
  for (const r of results) if (!r.deviceName && computer && !/^\d+\s+\w+$/.test(computer)) r.deviceName = computer;
  return results;
}

export const veeamAgent: VendorParser = { id: ID, name: 'Veeam Agent', detect, parse };
