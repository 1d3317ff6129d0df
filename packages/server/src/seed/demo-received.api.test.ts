import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { homeTenantId } from '../modules/audit/test-data.ts';
import { planDemoEstate, renderDemoMail } from './demo-mail.ts';
import { demoReceivedAt, redateDemoEmails } from './demo-received.ts';

/** The demo's e-mails are dated as received shortly after their runs, not at the minute of the seed. */
let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await testApp();
  tenantId = await homeTenantId(t);
}, 120_000);
afterAll(async () => t?.close());

describe('demo e-mail receipt times', () => {
  it('receives each e-mail 20 s to 4 min after its Date, the same for the same message, never in the future', () => {
    const sent = new Date('2026-11-20T04:10:00Z');
    const now = new Date('2026-11-27T12:00:00Z');
    const delays = ['a@x', 'b@x', 'c@x', 'd@x'].map((id) => demoReceivedAt(id, sent, now).getTime() - sent.getTime());
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(20_000);
      expect(d).toBeLessThan(240_000);
    }
    expect(new Set(delays).size).toBeGreaterThan(1);
    expect(demoReceivedAt('a@x', sent, now)).toEqual(demoReceivedAt('a@x', sent, now));
    expect(demoReceivedAt('a@x', sent, new Date(sent.getTime() + 5_000))).toEqual(new Date(sent.getTime() + 5_000));
  });

  it('dates a demo e-mail received at the seed back to shortly after its run', async () => {
    const backup = planDemoEstate(1)[0];
    const end = new Date(Date.now() - 30 * 3_600_000);
    const run = {
      vendor: backup.vendor,
      company: backup.company,
      device: backup.device,
      job: backup.job,
      status: 'Success' as const,
      start: new Date(end.getTime() - 40 * 60_000),
      end,
      sizeBytes: 5e9,
    };
    const messageId = 'demo-0-history@vigil.demo';
    const [accepted] = await t.deps.ingest.accept({
      raw: renderDemoMail(run, { to: 'acme@inbound.localhost', messageId, timeZone: 'UTC' }),
      envelopeFrom: 'backup@demo.test',
      recipients: [{ tenantId, address: 'acme@inbound.localhost', plusTag: null }],
      source: 'smtp',
    });
    const read = async () =>
      (
        await t.database.query<{ received_at: Date; processed_at: Date | null }>(
          'SELECT received_at, processed_at FROM emails WHERE id = $1',
          [accepted.emailId],
        )
      ).rows[0];
    const before = await read();
    // The intake stamps the minute the seed sent it: more than a day after the run.
    expect(new Date(before.received_at).getTime() - end.getTime()).toBeGreaterThan(29 * 3_600_000);

    expect(await redateDemoEmails(t.database, tenantId, [{ messageId, sentAt: end }], new Date())).toBe(1);
    const after = await read();
    const delay = new Date(after.received_at).getTime() - end.getTime();
    expect(delay).toBeGreaterThanOrEqual(20_000);
    expect(delay).toBeLessThan(240_000);
    expect(new Date(after.processed_at!).getTime() - new Date(after.received_at).getTime()).toBe(3_000);
  });
});
