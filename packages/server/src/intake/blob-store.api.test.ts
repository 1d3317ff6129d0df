import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { SmtpConnection, smtpData } from '../../test/smtp-client.ts';
import { close, createSmtpServer, listen } from './smtp.ts';

/**
 * With BLOB_STORE=postgres a raw e-mail goes into the database with nothing on disk: every node
 * that shares the database reads it back to parse, download or reprocess it.
 */
const blobDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-pg-blobs-'));
let t: TestApp;
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  t = await testApp({ BLOB_STORE: 'postgres', BLOB_DIR: blobDir });
  server = createSmtpServer({ ingest: t.deps.ingest, maxBytes: 1024 * 1024, log: t.app.log });
  port = await listen(server, 0, '127.0.0.1');
});
afterAll(async () => {
  if (server) await close(server);
  await t?.close();
  rmSync(blobDir, { recursive: true, force: true });
});

describe('e-mails with the PostgreSQL blob store', () => {
  it('stores an e-mail sent over SMTP in the database, parses it, and serves it back', async () => {
    const raw = readFileSync(fixture('acronis', 'backup-failed.eml'));
    const c = await SmtpConnection.open(port);
    try {
      expect((await c.send('noreply-abc@cloud.acronis.com', ['acme@inbound.localhost'], smtpData(raw))).reply).toMatch(
        /^250 /,
      );
    } finally {
      await c.close().catch(() => undefined);
    }

    const admin = await t.as('admin');
    const list = await admin('GET', '/api/tenant/processed-emails?search=DC01');
    expect(list.status).toBe(200);
    const email = list.body.Results.find((e: { Subject: string }) => e.Subject === 'Backup failed: DC01');
    // Parsed and filed against a backup new to the tenant, which starts inactive.
    expect(email).toMatchObject({ State: 'Inactive', Vendor: 'acronis', Reason: null });
    expect(email.Results).toHaveLength(1);
    expect(email.Results[0]).toMatchObject({ DeviceName: 'DC01', Status: 'Failure', JobName: 'Servers - Nightly' });

    // The raw bytes live in the blobs table, under the key the e-mail's row names; none on disk.
    const row = await t.database.query<{ blob_key: string; size: number }>(
      'SELECT b.key AS blob_key, b.size FROM emails e JOIN blobs b ON b.key = e.blob_key WHERE e.id = $1',
      [email.emailId],
    );
    expect(row.rows).toHaveLength(1);
    expect(readdirSync(blobDir)).toEqual([]);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/tenant/processed-emails/download?emailId=${email.emailId}`,
      headers: { authorization: `Bearer ${await t.token('admin')}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(Number(row.rows[0].size));
    expect(download.rawPayload.toString('latin1')).toContain('Subject: Backup failed: DC01');
  });
});
