import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** Alert Scope (platform §7 "Alert scope (admin)"): every tenant's alert e-mails, labels, models. */
let t: TestApp;
let acmeId: number;
let otherId: number;
const BASE = '/api/alert-scope/admin';

const mail = (subject: string, body: string, to: string) =>
  Buffer.from(
    [
      'From: Monitor <monitor@northwind.example>',
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${Math.random().toString(36).slice(2)}@scope.test>`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  );

async function deliver(tenantId: number, slug: string, subject: string, body: string) {
  const address = `${slug}-alerts@inbound.localhost`;
  await t.deps.ingest.accept({
    raw: mail(subject, body, address),
    envelopeFrom: 'monitor@northwind.example',
    recipients: [{ tenantId, address, plusTag: null }],
    source: 'upload',
  });
}

async function root() {
  return t.as('root');
}

async function keyOf(subject: string): Promise<{ tenantId: number; emailUid: string }> {
  const r = await (await root())('POST', `${BASE}/alert-emails`, { SearchString: subject });
  expect(r.body.Total).toBe(1);
  return { tenantId: r.body.Results[0].tenantId, emailUid: r.body.Results[0].emailUid };
}

beforeAll(async () => {
  t = await testApp();
  const tenants = await t.database.query<{ id: number; slug: string }>('SELECT id, slug FROM tenants');
  acmeId = tenants.rows.find((r) => r.slug === 'acme')!.id;
  otherId = tenants.rows.find((r) => r.slug === 'other')!.id;
  await t.database.query('INSERT INTO alert_mailboxes (tenant_id, active) VALUES ($1, true), ($2, true)', [
    acmeId,
    otherId,
  ]);
  await deliver(
    acmeId,
    'acme',
    'Disk space low on SQL01',
    'Volume D: on SQL01 has 3 % free space left.\nStatus: Warning',
  );
  await deliver(
    otherId,
    'other',
    'Backup job Finance failed',
    'The backup job Finance on FIN-SRV failed.\nStatus: Failed\nError: 0x80070005',
  );
});
afterAll(async () => {
  await t.close();
});

describe('Alert Scope access', () => {
  it('is for platform admins only', async () => {
    for (const persona of ['admin', 'standard', 'client'] as const) {
      const call = await t.as(persona);
      expect((await call('POST', `${BASE}/alert-emails`, {})).status, persona).toBe(403);
      expect((await call('GET', `${BASE}/ner-labels`)).status, persona).toBe(403);
    }
  });
});

describe('alert e-mails across tenants', () => {
  it('lists every tenant, searched and ordered', async () => {
    const call = await root();
    const all = await call('POST', `${BASE}/alert-emails`, {});
    expect(all.status).toBe(200);
    expect(all.body.Total).toBe(2);
    expect(new Set(all.body.Results.map((r: { TenantName: string }) => r.TenantName))).toEqual(
      new Set(['Acme MSP', 'Other MSP']),
    );
    const searched = await call('POST', `${BASE}/alert-emails`, { SearchString: 'finance' });
    expect(searched.body.Results.map((r: { tenantId: number }) => r.tenantId)).toEqual([otherId]);
    const asc = await call('POST', `${BASE}/alert-emails`, { OrderBy: 'Assessment', OrderAscending: true });
    const desc = await call('POST', `${BASE}/alert-emails`, { OrderBy: 'Assessment', OrderAscending: false });
    const a = asc.body.Results.map((r: { Assessment: number }) => r.Assessment);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    expect(desc.body.Results.map((r: { Assessment: number }) => r.Assessment)).toEqual([...a].reverse());
    expect((await call('POST', `${BASE}/alert-emails`, { OrderBy: 'Subject' })).status).toBe(400);
  });

  it('opens one e-mail, its analyses, its training data and its .eml', async () => {
    const call = await root();
    const key = await keyOf('Finance');
    const one = await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      TenantName: 'Other MSP',
      EmailUid: key.emailUid,
      Assessment: 1,
      VersionsCount: 1,
    });
    const results = await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}/analyzed-results`);
    expect(results.body).toHaveLength(1);
    const training = await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}/training-data`);
    expect(training.body).toMatchObject({ Edited: false, Assessment: 1, Subject: 'Backup job Finance failed' });
    const eml = await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}/download`);
    expect(eml.status).toBe(200);
    expect(String(eml.headers['content-type'])).toContain('message/rfc822');
    expect(String(eml.headers['content-disposition'])).toMatch(/attachment; filename=".*\.eml"/);
    expect(String(eml.body)).toContain('Subject: Backup job Finance failed');
    // The uid under the wrong tenant is not found.
    expect((await call('GET', `${BASE}/alert-emails/${acmeId}/${key.emailUid}`)).status).toBe(404);
  });

  it('stores corrected annotations and assessment as training data, and flags', async () => {
    const call = await root();
    const key = await keyOf('Disk space');
    const edit = await call('PUT', `${BASE}/alert-emails`, {
      ...key,
      Assessment: 1,
      Annotations: [{ Start: 22, End: 27, Value: 'SQL01', Label: 'Device', NerType: 1, Source: 0, Score: 1 }],
      Classification: { Label: 'Disk space low', Type: 'storage' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      Edited: true,
      EditedBy: 'root@vigil.local',
      Assessment: 1,
      Classification: { Label: 'Disk space low', Type: 'storage' },
    });
    expect(edit.body.Annotations).toEqual([
      { Id: 'a1', Start: 22, End: 27, Value: 'SQL01', Label: 'Device', NerType: 1, Source: 0, Score: 1 },
    ]);
    const flagged = await call('PATCH', `${BASE}/alert-emails/flag`, { ...key, Flags: 2 });
    expect(flagged.body).toEqual({ Flags: 2 });
    expect((await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}`)).body.Flags).toBe(2);
  });

  it('reanalyses into a new version', async () => {
    const call = await root();
    const key = await keyOf('Finance');
    const started = await call('POST', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}/reparse`);
    expect(started.status).toBe(200);
    let status = null;
    for (let i = 0; i < 100 && status?.runtimeStatus !== 'Completed'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      status = (await call('GET', `${BASE}/reparse/${started.body.instanceId}`)).body;
    }
    expect(status).toMatchObject({ runtimeStatus: 'Completed', customStatus: { error: null }, output: { Version: 2 } });
  });
});

describe('NER labels, classifications and alert types', () => {
  it('creates labels as NamedEntities, renames them, and protects KeyValue labels', async () => {
    const call = await root();
    const created = await call('POST', `${BASE}/ner-labels`, { Label: 'Appliance', NerType: 0 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ label: 'Appliance', nerType: 1 });
    expect((await call('POST', `${BASE}/ner-labels`, { Label: 'appliance' })).status).toBe(409);
    const renamed = await call('PUT', `${BASE}/ner-labels`, { OldLabel: 'Appliance', NewLabel: 'Box' });
    expect(renamed.body).toMatchObject({ id: created.body.id, label: 'Box', nerType: 1 });
    const labels = (await call('GET', `${BASE}/ner-labels`)).body as { id: number; label: string; nerType: number }[];
    expect(labels.map((l) => l.label)).toContain('Box');
    const keyValue = labels.find((l) => l.nerType === 0)!;
    expect((await call('PUT', `${BASE}/ner-labels`, { OldLabel: keyValue.label, NewLabel: 'X' })).status).toBe(400);
    expect((await call('DELETE', `${BASE}/ner-labels/${keyValue.id}`)).status).toBe(400);
    expect((await call('DELETE', `${BASE}/ner-labels/${created.body.id}`)).status).toBe(200);
    expect(((await call('GET', `${BASE}/ner-labels`)).body as { label: string }[]).map((l) => l.label)).not.toContain(
      'Box',
    );
  });

  it('renames a label inside stored annotations', async () => {
    const call = await root();
    const key = await keyOf('Finance');
    const before = (await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}`)).body.Annotations as {
      Label: string;
      NerType: number;
    }[];
    const named = before.find((a) => a.NerType === 1);
    expect(named).toBeDefined();
    if (!named) return;
    await call('PUT', `${BASE}/ner-labels`, { OldLabel: named.Label, NewLabel: `${named.Label}Name` });
    const after = (await call('GET', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}`)).body.Annotations as {
      Label: string;
    }[];
    expect(after.map((a) => a.Label)).toContain(`${named.Label}Name`);
    await call('PUT', `${BASE}/ner-labels`, { OldLabel: `${named.Label}Name`, NewLabel: named.Label });
  });

  it('keeps classifications and alert types', async () => {
    const call = await root();
    const made = await call('POST', `${BASE}/classifications`, { label: 'Certificate revoked', type: 'security' });
    expect(made.body).toMatchObject({ label: 'Certificate revoked', type: 'security' });
    expect(
      (await call('POST', `${BASE}/classifications`, { label: 'certificate revoked', type: 'Security' })).status,
    ).toBe(409);
    const edited = await call('PUT', `${BASE}/classifications/${made.body.id}`, {
      label: 'Certificate expired',
      type: 'security',
    });
    expect(edited.body.label).toBe('Certificate expired');
    expect((await call('DELETE', `${BASE}/classifications/${made.body.id}`)).status).toBe(200);
    expect((await call('DELETE', `${BASE}/classifications/${made.body.id}`)).status).toBe(404);

    const types = (await call('GET', `${BASE}/alert-types`)).body as { id: number; label: string; kind: number }[];
    expect(types.map((x) => x.kind).sort()).toEqual([0, 1]);
    const saved = await call('PUT', `${BASE}/alert-types`, [...types, { label: 'Hardware Alert', kind: 1 }]);
    expect(saved.body.map((x: { label: string }) => x.label)).toEqual([...types.map((x) => x.label), 'Hardware Alert']);
  });

  it('suggests a category from subject and body', async () => {
    const r = await (
      await root()
    )('POST', `${BASE}/suggest-category`, {
      Subject: 'Volume E: is almost full on FILE01',
      Body: 'Free space on volume E: is 2 %. Disk space low.',
    });
    expect(r.status).toBe(200);
    expect(r.body.Classification).toMatchObject({ Type: expect.any(String), Label: expect.any(String) });
  });
});

describe('the alert model', () => {
  it('retrains a candidate with its held-out accuracy, and promotes it', async () => {
    const call = await root();
    const before = await call('GET', `${BASE}/model`);
    expect(before.body.Active).toMatchObject({ Id: 0, Promoted: true });
    const trained = await call('POST', `${BASE}/model/retrain`);
    expect(trained.status).toBe(200);
    expect(trained.body.Candidate).toMatchObject({ Promoted: false, Version: expect.stringMatching(/-r\d+$/) });
    expect(trained.body.Candidate.Accuracy).toBeGreaterThan(0);
    expect(trained.body.CurrentAccuracy).toBeGreaterThan(0);
    const promoted = await call('POST', `${BASE}/model/${trained.body.Candidate.Id}/promote`);
    expect(promoted.body.Active).toMatchObject({
      Id: trained.body.Candidate.Id,
      Version: trained.body.Candidate.Version,
    });
    expect((await call('POST', `${BASE}/model/9999/promote`)).status).toBe(404);
    // Reanalysis uses the promoted model: its version is the new ParserVersion.
    const key = await keyOf('Disk space');
    const started = await call('POST', `${BASE}/alert-emails/${key.tenantId}/${key.emailUid}/reparse`);
    let status = null;
    for (let i = 0; i < 100 && status?.runtimeStatus !== 'Completed'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      status = (await call('GET', `${BASE}/reparse/${started.body.instanceId}`)).body;
    }
    expect(status.output.ParserVersion).toBe(trained.body.Candidate.Version);
    // Back to the shipped model.
    expect((await call('POST', `${BASE}/model/0/promote`)).body.Active.Id).toBe(0);
  });
});
