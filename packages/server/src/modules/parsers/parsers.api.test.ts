import { describe, expect, it } from 'vitest';
import { t, send, emails, setUpIngestSuite } from '../ingest/ingest.setup.ts';
import { SAMPLES_BROKEN } from './service.ts';

setUpIngestSuite();

/** A report from a product no vendor parser knows and the generic reader cannot read. */
const vault = (to: string, job: string, host: string, result: string) =>
  [
    'From: Vault <vault@tapevault.example>',
    `To: ${to}`,
    `Subject: TV-REPORT ${job}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@tapevault>`,
    'Date: Sun, 22 Nov 2026 06:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Set: ${job}`,
    `Unit: ${host}`,
    `Outcome: ${result}`,
    '',
  ].join('\r\n');

const rule = {
  Senders: ['tapevault.example'],
  SubjectContains: 'TV-REPORT',
  Job: { Kind: 'anchor', Anchor: 'Set:' },
  Device: { Kind: 'anchor', Anchor: 'Unit:' },
  StatusFrom: { Kind: 'anchor', Anchor: 'Outcome:' },
  StatusWords: [
    { Text: 'GREEN', Status: 'Success' },
    { Text: 'AMBER', Status: 'Warning' },
    { Text: 'RED', Status: 'Failure' },
  ],
};

let parserId = 0;

async function emailOf(search: string) {
  const list = await emails(search);
  expect(list.Total).toBe(1);
  return list.Results[0];
}

describe('tenant parsers', () => {
  it('are taught from an unrecognised e-mail, previewed on earlier ones, and read the next one', async () => {
    await send(['acme@inbound.localhost'], vault('acme@inbound.localhost', 'Alpha-Set', 'TAPE-1', 'GREEN'));
    await send(['acme@inbound.localhost'], vault('acme@inbound.localhost', 'Beta-Set', 'TAPE-2', 'RED'));
    const first = await emailOf('Beta-Set');
    expect(first.Vendor).not.toBe('Tape Vault');

    const admin = await t.as('admin');
    const source = await admin('GET', `/api/parsers/email/${first.emailId}`);
    expect(source.status).toBe(200);
    expect(source.body.Text).toContain('Unit: TAPE-2');
    expect(source.body.Suggestions).toEqual(
      expect.arrayContaining([
        { Key: 'Set:', Value: 'Beta-Set' },
        { Key: 'Outcome:', Value: 'RED' },
      ]),
    );

    const preview = await admin('POST', '/api/parsers/preview', { Rule: rule });
    expect(preview.status).toBe(200);
    expect(preview.body).toHaveLength(2);
    expect(preview.body.map((p: { Reading: unknown }) => p.Reading)).toEqual([
      { JobName: 'Beta-Set', DeviceName: 'TAPE-2', Status: 'Failure' },
      { JobName: 'Alpha-Set', DeviceName: 'TAPE-1', Status: 'Success' },
    ]);

    const saved = await admin('POST', '/api/parsers', {
      Name: 'Tape Vault',
      Rule: rule,
      Sample: { emailId: first.emailId, Expected: { JobName: 'Beta-Set', DeviceName: 'TAPE-2', Status: 'Failure' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Name: 'Tape Vault', Vendor: 'Tape Vault', Enabled: true, BuiltIn: false });
    expect(saved.body.Samples).toHaveLength(1);
    expect(saved.body.CreatedBy).toBe('Ada Admin');
    parserId = saved.body.Id;

    await send(['acme@inbound.localhost'], vault('acme@inbound.localhost', 'Gamma-Set', 'TAPE-3', 'AMBER'));
    const next = await emailOf('Gamma-Set');
    expect(next).toMatchObject({ Vendor: 'Tape Vault', VendorName: 'Tape Vault', Reason: null });
    expect(next.Results[0]).toMatchObject({ JobName: 'Gamma-Set', DeviceName: 'TAPE-3', Status: 'Warning' });

    const list = await admin('GET', '/api/parsers');
    expect(list.body.map((p: { Id: number }) => p.Id)).toEqual([parserId]);
  });

  it('refuse a rule change that breaks a saved sample, with the difference', async () => {
    const admin = await t.as('admin');
    const broken = { ...rule, Device: { Kind: 'anchor', Anchor: 'Set:' } };
    const r = await admin('PUT', `/api/parsers/${parserId}`, { Name: 'Tape Vault', Rule: broken });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Message: SAMPLES_BROKEN, title: 'Bad Request', statusCode: 400 });
    expect(r.body.Errors).toEqual([
      { Field: 'Samples[0].DeviceName', Message: '"TV-REPORT Beta-Set": expected "TAPE-2", got "Beta-Set"' },
    ]);
    const kept = await admin('GET', `/api/parsers/${parserId}`);
    expect(kept.body.Rule.Device).toEqual({ Kind: 'anchor', Anchor: 'Unit:' });

    const renamed = await admin('PUT', `/api/parsers/${parserId}`, { Name: 'Tape Vault v2', Rule: rule });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Name).toBe('Tape Vault v2');
  });

  it('refuse a pattern that does not compile', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/parsers/preview', {
      Rule: { ...rule, Job: { Kind: 'pattern', Pattern: '([' } },
    });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual([
      { Field: 'Rule.Job.Pattern', Message: 'The pattern is not a valid regular expression.' },
    ]);
  });

  it("never apply to another tenant's e-mail, nor show to another tenant", async () => {
    await send(['other@inbound.localhost'], vault('other@inbound.localhost', 'Other-Set', 'TAPE-9', 'RED'));
    const root = await t.as('root');
    const list = await root('GET', '/api/processed-emails?Size=50&search=Other-Set');
    expect(list.body.Results).toHaveLength(1);
    expect(list.body.Results[0].Vendor).not.toBe('Tape Vault');

    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/parsers/${parserId}`)).status).toBe(404);
    expect((await outsider('PUT', `/api/parsers/${parserId}`, { Name: 'x', Rule: rule })).status).toBe(404);
    expect((await outsider('DELETE', `/api/parsers/${parserId}`)).status).toBe(404);
    expect((await outsider('GET', '/api/parsers')).body).toEqual([]);
  });

  it('are for staff: a client user cannot list or teach them', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/parsers')).status).toBe(403);
    expect((await client('POST', '/api/parsers/preview', { Rule: rule })).status).toBe(403);
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/parsers')).status).toBe(200);
  });

  it('promoted by a platform admin, apply to every tenant', async () => {
    const root = await t.as('root');
    const all = await root('GET', '/api/admin/parsers');
    expect(all.body).toEqual([
      expect.objectContaining({ Id: parserId, TenantName: 'Acme MSP', SampleCount: 1, BuiltIn: false }),
    ]);
    const admin = await t.as('admin');
    expect((await admin('PUT', `/api/admin/parsers/${parserId}/built-in`, { BuiltIn: true })).status).toBe(403);
    const up = await root('PUT', `/api/admin/parsers/${parserId}/built-in`, { BuiltIn: true });
    expect(up.body).toEqual({ Id: parserId, BuiltIn: true });

    await send(['other@inbound.localhost'], vault('other@inbound.localhost', 'Delta-Set', 'TAPE-8', 'RED'));
    const list = await root('GET', '/api/processed-emails?Size=50&search=Delta-Set');
    expect(list.body.Results[0]).toMatchObject({
      Vendor: 'Tape Vault',
      Results: [{ Status: 'Failure', JobName: 'Delta-Set' }],
    });
  });
});

describe('reprocessing and corrections', () => {
  it('keeps a result a user edited in Audit, and counts a corrected Success as a false green', async () => {
    await send(['acme@inbound.localhost'], vault('acme@inbound.localhost', 'Echo-Set', 'TAPE-5', 'GREEN'));
    const email = await emailOf('Echo-Set');
    const result = email.Results[0];
    expect(result.Status).toBe('Success');
    const root = await t.as('root');
    const before = (await root('GET', '/api/parsing-status/false-greens')).body;

    const admin = await t.as('admin');
    const edited = await admin('PUT', '/api/audit-result/edit', {
      ResultID: result.ResultId,
      Status: 3,
      ParsedDateTime: '2026-11-22T06:00:00.000Z',
      Notes: 'The tape was not ejected',
    });
    expect(edited.status).toBe(200);

    const again = await admin('POST', '/api/tenant/processed-emails/reprocess', { emailId: email.emailId });
    expect(again.status).toBe(200);
    const after = await emailOf('Echo-Set');
    expect(after.Results).toHaveLength(1);
    expect(after.Results[0]).toMatchObject({ ResultId: result.ResultId, Status: 'Failure' });
    const detail = await admin('GET', `/api/audit-result/${result.ResultId}`);
    expect(detail.body.Notes).toBe('The tape was not ejected');

    const greens = await root('GET', '/api/parsing-status/false-greens');
    expect(greens.status).toBe(200);
    expect(greens.body.Days).toBe(30);
    expect(greens.body.Total).toBe(before.Total + 1);
    expect(greens.body.ByVendor).toContainEqual({ Vendor: 'Tape Vault', VendorName: 'Tape Vault', Count: 1 });
    expect((await admin('GET', '/api/parsing-status/false-greens')).status).toBe(403);
  });

  it('still replaces results nobody edited', async () => {
    await send(['acme@inbound.localhost'], vault('acme@inbound.localhost', 'Foxtrot-Set', 'TAPE-6', 'GREEN'));
    const email = await emailOf('Foxtrot-Set');
    const admin = await t.as('admin');
    await admin('POST', '/api/tenant/processed-emails/reprocess', { emailId: email.emailId });
    const after = await emailOf('Foxtrot-Set');
    expect(after.Results).toHaveLength(1);
    expect(after.Results[0].ResultId).not.toBe(email.Results[0].ResultId);
  });
});
