import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

/**
 * E-mails that arrive together are made durable together: their rows in one INSERT and, when
 * the blobs live in the database, their blobs in the same transaction. Each accept resolves only
 * once its own e-mail is stored and, without a job queue, parsed.
 */
const raw = readFileSync(fixture('acronis', 'backup-failed.eml'), 'latin1');
const withId = (id: string) =>
  Buffer.from(
    /^Message-ID:/im.test(raw)
      ? raw.replace(/^Message-ID:.*$/im, `Message-ID: <${id}>`)
      : `Message-ID: <${id}>\r\n${raw}`,
    'latin1',
  );

for (const store of ['file', 'postgres'] as const) {
  describe(`many e-mails at once (${store} blob store)`, () => {
    const blobDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-group-'));
    let t: TestApp;
    beforeAll(async () => {
      t = await testApp({ BLOB_STORE: store, BLOB_DIR: blobDir });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(blobDir, { recursive: true, force: true });
    });

    it('stores them in shared commits, each one stored and parsed when its accept resolves', async () => {
      const tenant = await t.database.query<{ id: number }>(`SELECT id FROM tenants WHERE slug = 'acme'`);
      const tenantId = tenant.rows[0].id;
      const putMany = vi.spyOn(t.deps.blobs, 'putMany');
      const n = 24;
      const accepted = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.deps.ingest.accept({
            raw: withId(`group-${store}-${i}@vigil.test`),
            envelopeFrom: 'noreply-abc@cloud.acronis.com',
            recipients: [{ tenantId, address: 'acme@inbound.localhost', plusTag: null }],
            source: 'upload',
          }),
        ),
      );
      const ids = accepted.flat().map((a) => a.emailId);
      expect(new Set(ids).size).toBe(n);
      expect(accepted.flat().every((a) => !a.duplicate)).toBe(true);
      // In the database, blobs that arrived together went in one batch with their rows; files are
      // written one by one as they arrive.
      if (store === 'postgres') expect(putMany.mock.calls.length).toBeLessThan(n / 2);
      else expect(putMany.mock.calls.length).toBe(n);

      const rows = await t.database.query<{ state: string; blob_key: string; message_id: string }>(
        'SELECT state, blob_key, message_id FROM emails WHERE id = ANY($1::bigint[])',
        [ids],
      );
      expect(rows.rows).toHaveLength(n);
      for (const r of rows.rows) {
        // Parsed and filed against a backup new to the tenant (inactive) before accept resolved.
        expect(r.state).toBe('Inactive');
        expect((await t.deps.blobs.get(r.blob_key)).toString('latin1')).toContain(`Message-ID: <${r.message_id}>`);
      }
    });
  });
}
