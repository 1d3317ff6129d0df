import net from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import nodemailer from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { close, createSmtpServer, listen } from '../../intake/smtp.ts';

export let t: TestApp;
export const servers: SMTPServer[] = [];
export let port: number;

export async function smtp(options: { maxBytes?: number; senderPerMinute?: number } = {}): Promise<number> {
  const server = createSmtpServer({
    ingest: t.deps.ingest,
    maxBytes: options.maxBytes ?? 25 * 1024 * 1024,
    senderPerMinute: options.senderPerMinute,
    log: t.app.log,
  });
  servers.push(server);
  return listen(server, 0, '127.0.0.1');
}

export function send(to: string[], raw: string | Buffer, from = 'backup@acme-client.test', toPort = port) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: toPort, secure: false, ignoreTLS: true });
  return transport.sendMail({ envelope: { from, to }, raw }).finally(() => transport.close());
}

/** LF line ends as SMTP carries them (CRLF). */
export const crlf = (b: Buffer) => Buffer.from(b.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');

/** A bare SMTP conversation: one reply per command (after the greeting), multi-line replies joined. */
export function talk(toPort: number, commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(toPort, '127.0.0.1');
    const replies: string[] = [];
    let buffer = '';
    let sent = 0;
    socket.on('data', (d) => {
      buffer += d.toString();
      let m;
      while ((m = /^(\d{3}) .*\r\n/m.exec(buffer))) {
        const end = m.index + m[0].length;
        replies.push(buffer.slice(0, end).trim().split('\r\n').pop()!);
        buffer = buffer.slice(end);
        if (sent < commands.length) socket.write(`${commands[sent++]}\r\n`);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(replies.slice(1)));
  });
}

export const plain = (subject: string, body: string, messageId = `<${Math.random().toString(36).slice(2)}@test>`) =>
  [
    'From: Someone <someone@acme-client.test>',
    'To: acme@inbound.localhost',
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Sun, 22 Nov 2026 06:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

export async function emails(search?: string) {
  const admin = await t.as('admin');
  const r = await admin(
    'GET',
    `/api/tenant/processed-emails?Size=200${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  );
  expect(r.status).toBe(200);
  return r.body;
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpIngestSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    port = await smtp();
  });
  afterAll(async () => {
    for (const s of servers) await close(s);
    await t.close();
  });
}
