import { describe, expect, it } from 'vitest';
import { t, send, emails, setUpIngestSuite } from './ingest.setup.ts';

setUpIngestSuite();

/** A report from a product no vendor parser knows, as its server sends it. */
const unknownProduct = (subject: string, body: string) =>
  [
    'From: NAS Backup <backup@nas07.office.acme-client.test>',
    'To: acme@inbound.localhost',
    `Subject: ${subject}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@nas07>`,
    'Date: Sun, 22 Nov 2026 06:00:00 +0100',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

describe('the generic reader on the intake path', () => {
  it("files an unknown product's failure as a generic Failure with its job, device and deciding words", async () => {
    await send(
      ['acme@inbound.localhost'],
      unknownProduct(
        'Rapport de sauvegarde Tricorder',
        'Tâche : Comptabilité\nServeur : FS-02\nDébut : 22/11/2026 03:00\n\nFichiers copiés : 1204\n2 erreurs\n',
      ),
    );
    const list = await emails('Tricorder');
    expect(list.Total).toBe(1);
    const e = list.Results[0];
    expect(e).toMatchObject({ State: 'Inactive', Vendor: 'generic', VendorName: 'Generic reader', Reason: null });
    expect(e.Results).toHaveLength(1);
    expect(e.Results[0]).toMatchObject({
      Vendor: 'generic',
      JobName: 'Comptabilité',
      DeviceName: 'FS-02',
      Status: 'Failure',
      FailureText: '2 erreurs',
      Reading: { Method: 'generic', Confidence: expect.any(Number) },
    });
    expect(e.Results[0].Reading.Reasons[0]).toBe('status: Failure — "2 erreurs" in body line 6');
    expect(e.Results[0].Reading.Confidence).toBeGreaterThanOrEqual(0.6);

    // Audit shows the same result, marked generic with the words that decided it.
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/audit-result/${e.Results[0].ResultId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Status: 3,
      DeviceName: 'FS-02',
      JobName: 'Comptabilité',
      VendorName: 'Generic reader',
      FailureText: '2 erreurs',
      Reading: { Method: 'generic', Reasons: expect.arrayContaining(['status: Failure — "2 erreurs" in body line 6']) },
    });
  });

  it('puts a report it is not sure about in the review queue, with no result', async () => {
    await send(
      ['acme@inbound.localhost'],
      unknownProduct('Nightly backup report Quasar', 'Job: Quasar nightly\nCopied 1204 files in 4 minutes.\n'),
    );
    const e = (await emails('Quasar')).Results[0];
    expect(e).toMatchObject({ State: 'NeedsReview', Vendor: null, Results: [] });
    expect(e.Reason).toMatch(
      /^Needs review: the generic reader is not sure \(confidence 0\.\d\d\): status: no status words/,
    );
    const results = await t.database.query('SELECT 1 FROM results WHERE email_id = $1', [e.emailId]);
    expect(results.rows).toHaveLength(0);

    const admin = await t.as('admin');
    const queue = await admin('GET', '/api/tenant/processed-emails?state=NeedsReview&Size=200');
    expect(queue.status).toBe(200);
    expect(queue.body.Results.map((x: { emailId: number }) => x.emailId)).toContain(e.emailId);
    expect(queue.body.Results.every((x: { State: string }) => x.State === 'NeedsReview')).toBe(true);
    // Still among the e-mails no parser could read.
    const unrecognised = await admin('GET', '/api/tenant/processed-emails?unrecognised=true&Size=200');
    expect(unrecognised.body.Results.map((x: { emailId: number }) => x.emailId)).toContain(e.emailId);
  });

  it('leaves mail that is not a report plainly unrecognised', async () => {
    await send(['acme@inbound.localhost'], unknownProduct('Team lunch Zeta on Friday', 'See you there.\n'));
    const e = (await emails('Zeta')).Results[0];
    expect(e).toMatchObject({
      State: 'Processed',
      Vendor: null,
      Results: [],
      Reason: 'No parser recognises this e-mail',
    });
  });
});
