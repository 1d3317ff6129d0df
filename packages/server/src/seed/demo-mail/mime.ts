import { hash } from './random.ts';

/** Quoted-printable (RFC 2045) with CRLF line ends and soft breaks before 76 characters. */
function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bytes = Buffer.from(line, 'utf8');
    let cur = '';
    bytes.forEach((b, i) => {
      const last = i === bytes.length - 1;
      const plain = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
      const token = plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
      if (cur.length + token.length > 75) {
        out.push(`${cur}=`);
        cur = '';
      }
      cur += token;
    });
    out.push(cur);
  }
  return out.join('\r\n');
}

/** A header value, RFC 2047-encoded when it is not plain ASCII. */
function headerText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch) > 42) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(' ');
}

/** Folds a header line at spaces so that lines stay under 78 characters where possible. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 78) {
    const at = rest.lastIndexOf(' ', 77);
    if (at <= 0 || at < rest.indexOf(':') + 2) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  out.push(rest);
  return out.join('\r\n');
}

function mailbox(name: string, address: string): string {
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : headerText(name);
  return `${display} <${address}>`;
}

export interface Mail {
  fromName: string;
  fromAddress: string;
  subject: string;
  text?: string;
  html?: string;
  headers?: [string, string][];
}

export function assemble(mail: Mail, opts: { to: string; messageId: string; date: string }, seed: number): Buffer {
  const id = opts.messageId.trim().replace(/^<|>$/g, '');
  const head = [
    `From: ${mailbox(mail.fromName, mail.fromAddress)}`,
    `To: ${opts.to}`,
    fold(`Subject: ${headerText(mail.subject)}`),
    `Date: ${opts.date}`,
    `Message-ID: <${id}>`,
    ...(mail.headers ?? []).map(([k, v]) => fold(`${k}: ${headerText(v)}`)),
    'MIME-Version: 1.0',
  ];
  const part = (type: string) => [
    `Content-Type: ${type}; charset="utf-8"`,
    'Content-Transfer-Encoding: quoted-printable',
  ];
  let body: string;
  if (mail.text !== undefined && mail.html !== undefined) {
    const boundary = `----=_Part_${seed.toString(16).padStart(8, '0')}_${hash(id).toString(16)}`;
    head.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
    body = [
      'This is a multi-part message in MIME format.',
      '',
      `--${boundary}`,
      ...part('text/plain'),
      '',
      quotedPrintable(mail.text),
      `--${boundary}`,
      ...part('text/html'),
      '',
      quotedPrintable(mail.html),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  } else {
    const html = mail.html !== undefined;
    head.push(...part(html ? 'text/html' : 'text/plain'));
    body = `${quotedPrintable((html ? mail.html : mail.text) ?? '')}\r\n`;
  }
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}
