import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { result, statusFromWord } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, textTables } from './_a-shared.ts';

const ID = 'datto-saas';

function detect(msg: MailMessage): boolean {
  if (!fromDomain(msg, 'datto.com', 'backupify.com', 'kaseya.com')) return false;
  return /SaaS Protection|Backupify/i.test(msg.subject) || /Datto SaaS Protection|Backupify/i.test(msg.text);
}

function statusOf(word: string): ParsedStatus | null {
  if (/^partial/i.test(word.trim())) return 'Warning';
  return statusFromWord(word);
}

/**
 * The daily backup report of one customer domain: one result per protected service (Exchange,
 * OneDrive, SharePoint, Teams / Gmail, Drive, Calendar, Contacts, Shared Drives), with the seats
 * that failed named in the failure text.
 */
function parse(msg: MailMessage): ParsedResult[] {
  if (!msg.html) throw new Error('the report has no HTML body');
  const text = msg.text;
  const domain = fieldOf(text, 'Domain', 'Organization domain') ?? '';
  const clientId = fieldOf(text, 'Customer ID', 'Client ID');
  const tables = textTables(msg.html);
  const services = tables.find((t) => t[0]?.includes('Service') && t[0]?.includes('Status'));
  if (!services) throw new Error('no service table in the report');
  const errors = tables.find((t) => t[0]?.includes('Seat') && t[0]?.includes('Error'));
  const col = (name: string) => services[0].indexOf(name);
  const [iService, iStatus, iLast] = [col('Service'), col('Status'), col('Last backup')];
  const [eSeat, eService, eError] = errors ? ['Seat', 'Service', 'Error'].map((c) => errors[0].indexOf(c)) : [0, 0, 0];
  const errorsFor = (service: string) =>
    (errors ?? [])
      .slice(1)
      .filter((r) => r[eService] === service)
      .map((r) => `${r[eSeat]}: ${r[eError]}`);
  return services.slice(1).map((row) => {
    const service = row[iService];
    const status = statusOf(row[iStatus] ?? '') ?? 'Failure';
    return result(ID, {
      jobName: service,
      deviceName: domain,
      status,
      endTime: iLast >= 0 ? anyDate(row[iLast]) : null,
      storageKind: 'Cloud storage',
      failureText: status === 'Success' ? null : (joinMessages(errorsFor(service)) ?? `${service}: ${row[iStatus]}`),
      clientId,
    });
  });
}

export const dattoSaas: VendorParser = { id: ID, name: 'Datto SaaS Protection', detect, parse };
