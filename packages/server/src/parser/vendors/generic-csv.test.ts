import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { MailAttachment, MailMessage } from '../types.ts';
import { parseCsv } from '../csv.ts';
import { genericCsv } from './generic-csv.ts';

function mail(attachments: MailAttachment[], subject = 'Backup Report CSV'): MailMessage {
  return {
    messageId: 'test@example.com',
    subject,
    from: 'exports@contoso.com',
    fromName: 'Backup Exporter',
    to: ['demo@inbound.localhost'],
    date: null,
    text: 'Export attached.',
    html: null,
    attachments,
    headers: {},
  };
}

const csv = (text: string, filename = 'status.csv'): MailAttachment => ({
  filename,
  contentType: 'text/csv',
  content: Buffer.from(text, 'utf8'),
});

const zip = (files: Record<string, Uint8Array>): MailAttachment => ({
  filename: 'export.zip',
  contentType: 'application/zip',
  content: Buffer.from(zipSync(files)),
});

describe('generic-csv', () => {
  it('detects only its own subjects', () => {
    expect(genericCsv.detect(mail([], 'Backup Report CSV - nightly'))).toBe(true);
    expect(genericCsv.detect(mail([], 'backup csv report'))).toBe(true);
    expect(genericCsv.detect(mail([], 'Fwd: Backup Report CSV'))).toBe(false);
    expect(genericCsv.detect(mail([], 'Backup Report'))).toBe(false);
  });

  it('names the missing required header', () => {
    const msg = mail([csv('Device,Job,Status\nsrv01,Daily,Success\n')]);
    expect(() => genericCsv.parse(msg)).toThrow(/"Backup Date"/);
    const msg2 = mail([csv('Job,Backup Date\nDaily,2026-11-21 01:00:00\n')]);
    expect(() => genericCsv.parse(msg2)).toThrow(/"Device", "Status"/);
  });

  it('refuses a ZIP whose entry declares more than 20 MB uncompressed (zip bomb)', () => {
    const bomb = zip({ 'status.csv': new Uint8Array(30 * 1024 * 1024) });
    expect(bomb.content.length).toBeLessThan(100 * 1024);
    expect(() => genericCsv.parse(mail([bomb]))).toThrow(/20 MB/);
  });

  it('refuses a ZIP whose entries together exceed 20 MB', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 3; i++) files[`part${i}.csv`] = new Uint8Array(8 * 1024 * 1024);
    expect(() => genericCsv.parse(mail([zip(files)]))).toThrow(/20 MB/);
  });

  it('refuses a ZIP with more than 1000 entries', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1001; i++) files[`f${i}.txt`] = new Uint8Array(1);
    expect(() => genericCsv.parse(mail([zip(files)]))).toThrow(/1000 entries/);
  });

  it('reads the first .csv inside a ZIP', () => {
    const enc = new TextEncoder();
    const attachment = zip({
      'readme.txt': enc.encode('hello'),
      'data/a.csv': enc.encode('Device,Status,Backup Date\nsrv01,Finished,2026-11-21 01:00:00\n'),
      'data/b.csv': enc.encode('Device,Status,Backup Date\nother,Failed,2026-11-21 01:00:00\n'),
    });
    const [r, ...rest] = genericCsv.parse(mail([attachment]));
    expect(rest).toHaveLength(0);
    expect(r).toMatchObject({ deviceName: 'srv01', jobName: 'srv01', status: 'Success' });
  });

  it('throws when there is no CSV', () => {
    expect(() => genericCsv.parse(mail([]))).toThrow(/no CSV attachment/);
  });

  it('maps statuses and sizes', () => {
    const rows = genericCsv.parse(
      mail([
        csv(
          'device,status,backup date,data size\n' +
            'a,Normal,2026-11-21 01:00:00,1024\n' +
            'b,Partial,2026-11-21 01:00:00,1 KB\n' +
            'c,Aborted,2026-11-21 01:00:00,\n' +
            'd,Sleeping,2026-11-21 01:00:00,n/a\n',
        ),
      ]),
    );
    expect(rows.map((r) => [r.status, r.sizeBytes, r.failureText])).toEqual([
      ['Success', 1024, null],
      ['Warning', 1024, null],
      ['Failure', null, null],
      ['Failure', null, 'Unknown status "Sleeping"'],
    ]);
  });

  it('parses quoted fields, doubled quotes, CRLF, BOM and ";" delimiters', () => {
    expect(parseCsv('\uFEFFa;b\r\n"x;1";"say ""hi"""\r\n\r\n"multi\nline";z\r\n')).toEqual([
      ['a', 'b'],
      ['x;1', 'say "hi"'],
      ['multi\nline', 'z'],
    ]);
    expect(parseCsv('a,b;c\n1,2;3\n')).toEqual([
      ['a', 'b;c'],
      ['1', '2;3'],
    ]);
  });
});
