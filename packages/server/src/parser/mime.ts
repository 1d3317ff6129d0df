import { simpleParser, type AddressObject } from 'mailparser';
import type { MailMessage } from './types.ts';
import { htmlToText } from './util.ts';

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list.flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

/** Decodes a raw RFC 822 message into what vendor parsers read. Never throws on bad MIME. */
export async function readMail(raw: Buffer | string): Promise<MailMessage> {
  const m = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, skipHtmlToText: true });
  const from = m.from?.value[0];
  const html = typeof m.html === 'string' ? m.html : null;
  const headers: Record<string, string> = {};
  for (const line of m.headerLines) {
    const key = line.key.toLowerCase();
    const value = line.line.slice(line.line.indexOf(':') + 1).trim();
    headers[key] = headers[key] ? `${headers[key]}, ${value}` : value;
  }
  return {
    messageId: m.messageId ?? '',
    subject: m.subject ?? '',
    from: (from?.address ?? '').toLowerCase(),
    fromName: from?.name ?? '',
    to: addresses(m.to),
    date: m.date && !Number.isNaN(m.date.getTime()) ? m.date : null,
    text: m.text?.trim() ? m.text : html ? htmlToText(html) : '',
    html,
    attachments: m.attachments.map((a) => ({
      filename: a.filename ?? 'attachment',
      contentType: a.contentType,
      content: a.content,
    })),
    headers,
  };
}
