import { describe, expect, it } from 'vitest';
import { t, send, emails, setUpIngestSuite } from '../modules/ingest/ingest.setup.ts';

setUpIngestSuite();

/**
 * Times an e-mail prints without a zone follow the sender's zone (its Date header offset); when
 * the header carries none, the tenant's zone; an ambiguous "05/11/2026" takes the tenant's date
 * format when the e-mail itself gives no locale.
 */
const mail = (job: string, date: string | null, start: string) =>
  [
    'From: FS-NAS01 <fs-nas01@northwind.example>',
    'To: acme@inbound.localhost',
    `Subject: [FS-NAS01] Hyper Backup task ${job} has completed`,
    ...(date ? [`Date: ${date}`] : []),
    `Message-ID: <${job}@zone.test>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hyper Backup task ${job} on FS-NAS01 has completed.`,
    `Task name: ${job}`,
    `Start time: ${start}`,
    '',
  ].join('\r\n');

async function startOf(job: string): Promise<string | null> {
  const list = await emails(job);
  expect(list.Total).toBe(1);
  return list.Results[0].Results[0].StartTime;
}

describe("the tenant's zone and date format when the e-mail leaves them open", () => {
  it('files wall-clock times by the Date header offset, else by the tenant zone', async () => {
    await t.database.query(
      `UPDATE tenants SET time_zone_id = 'Europe/Paris', date_format = 'DD/MM/yyyy' WHERE slug = 'acme'`,
    );
    const cases: [string, string | null, string, string][] = [
      ['zone-header', 'Sun, 22 Nov 2026 09:00:00 -0500', '2026-11-22 03:00:00', '2026-11-22T08:00:00.000Z'],
      ['zone-gmt-word', 'Sun, 22 Nov 2026 04:00:00 GMT', '2026-11-22 03:00:00', '2026-11-22T02:00:00.000Z'],
      ['zone-no-date', null, '2026-07-04 03:00:00', '2026-07-04T01:00:00.000Z'],
      ['zone-day-first', null, '05/11/2026 03:00:00', '2026-11-05T02:00:00.000Z'],
    ];
    for (const [job, date, start] of cases)
      expect((await send(['acme@inbound.localhost'], mail(job, date, start))).response).toMatch(/^250/);
    for (const [job, , , want] of cases) expect(await startOf(job), job).toBe(want);
  });
});
