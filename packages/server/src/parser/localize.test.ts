import { describe, expect, it } from 'vitest';
import { DEMO_VENDORS, renderDemoMail, type DemoRun } from '../seed/demo-mail.ts';
import { localizeTimes, parseForFiling, parseMail } from './engine.ts';
import { readMail } from './mime.ts';
import type { MailMessage } from './types.ts';
import { floatingDate, headerOffsetMinutes, parseDate } from './util.ts';

const MINUTE = 60_000;

describe('times without a zone are put at their real instant', () => {
  it('reads the offset of a Date header', () => {
    expect(headerOffsetMinutes('Sat, 21 Nov 2026 22:05:00 -0500')).toBe(-300);
    expect(headerOffsetMinutes('Sat, 21 Nov 2026 22:05:00 +0530 (IST)')).toBe(330);
    // -0000: the sender's zone is unknown, so the tenant's zone decides; +0000 is UTC.
    expect(headerOffsetMinutes('Sat, 21 Nov 2026 22:05:00 -0000')).toBeNull();
    expect(headerOffsetMinutes('Sat, 21 Nov 2026 22:05:00 +0000')).toBe(0);
    expect(headerOffsetMinutes('Sat, 21 Nov 2026 22:05:00 GMT')).toBeNull();
    expect(headerOffsetMinutes(undefined)).toBeNull();
  });

  it('moves floating times by the header offset and leaves zoned ones alone', () => {
    const floating = floatingDate(2026, 11, 21, 22, 0, 0)!;
    const zoned = parseDate('2026-11-21T22:00:00Z')!;
    const msg = { headers: { date: 'Sat, 21 Nov 2026 22:05:00 -0500' } } as unknown as MailMessage;
    const out = localizeTimes(
      {
        vendor: 'x',
        reason: null,
        results: [{ startTime: floating, endTime: zoned } as never],
      },
      msg,
    );
    expect(out.results[0].startTime!.toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect(out.results[0].endTime!.toISOString()).toBe('2026-11-21T22:00:00.000Z');
  });

  for (const timeZone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney']) {
    it(`files every demo vendor's run at its true start in ${timeZone}`, async () => {
      const start = new Date('2026-07-04T03:30:00Z');
      const off: string[] = [];
      for (const vendor of DEMO_VENDORS) {
        const run: DemoRun = {
          vendor,
          company: 'Northwind Dental',
          device: 'NW-FS01',
          job: 'Nightly',
          status: 'Success',
          start,
          end: new Date(start.getTime() + 25 * MINUTE),
        };
        const msg = await readMail(
          renderDemoMail(run, { to: 'demo@inbound.localhost', messageId: 'tz@demo', timeZone }),
        );
        const filed = parseForFiling(msg).results[0];
        expect(filed, vendor).toBeDefined();
        const delta = filed.startTime!.getTime() - start.getTime();
        if (Math.abs(delta) > MINUTE) off.push(`${vendor} ${delta / MINUTE} min`);
        // The engine alone keeps what the e-mail printed.
        expect(parseMail(msg).results[0].vendor).toBe(vendor);
      }
      expect(off).toEqual([]);
    });
  }
});
