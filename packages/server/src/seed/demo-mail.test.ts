import { describe, expect, it } from 'vitest';
import { parseMail } from '../parser/engine.ts';
import { readMail } from '../parser/mime.ts';
import {
  DEMO_COMPANIES,
  DEMO_VENDORS,
  demoIdentity,
  demoRuns,
  mulberry32,
  planDemoEstate,
  renderDemoMail,
  type DemoBackup,
  type DemoRun,
  type DemoStatus,
} from './demo-mail.ts';

const STATUSES: DemoStatus[] = ['Success', 'Warning', 'Failure'];
const MINUTE = 60_000;

/** 'YYYY-MM-DD' days ending on `last`, oldest first. */
function daysUpTo(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The local wall-clock time of an instant in a zone, read as if it were UTC (what zone-less vendor dates parse to). */
function wallAsUtc(date: Date, timeZone: string): number {
  const p: Record<string, string> = {};
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of f.formatToParts(date)) p[part.type] = part.value;
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
}

async function parse(raw: Buffer) {
  const msg = await readMail(raw);
  return { msg, outcome: parseMail(msg) };
}

const estate = planDemoEstate(1);

/** One planned backup of the vendor, so device and job names are the realistic ones. */
function sampleOf(vendor: string): DemoBackup {
  const b = estate.find((x) => x.vendor === vendor);
  if (!b) throw new Error(`no planned backup for ${vendor}`);
  return b;
}

function runOf(vendor: string, status: DemoStatus, start: Date, seconds: number): DemoRun {
  const b = sampleOf(vendor);
  return {
    vendor,
    company: b.company,
    device: b.device,
    job: b.job,
    status,
    start,
    end: new Date(start.getTime() + seconds * 1000),
    sizeBytes: status === 'Failure' ? 0 : 7_345_678_901,
  };
}

describe('renderDemoMail → readMail → parseMail', () => {
  // 22:14:07 to 00:12:33 the next day: the run crosses midnight, which time-of-day formats must survive.
  const start = new Date('2026-03-10T22:14:07Z');
  const seconds = 7106;

  for (const vendor of DEMO_VENDORS) {
    describe(vendor, () => {
      for (const status of STATUSES) {
        it(`reads back a ${status} run`, async () => {
          const run = runOf(vendor, status, start, seconds);
          const raw = renderDemoMail(run, {
            to: 'demo+acme@inbound.localhost',
            messageId: `${vendor}.${status}@demo.vigil.test`,
            timeZone: 'UTC',
          });
          const { msg, outcome } = await parse(raw);
          expect(outcome.reason).toBeNull();
          expect(outcome.vendor).toBe(vendor);
          expect(outcome.results).toHaveLength(1);
          const [r] = outcome.results;
          const id = demoIdentity(run);
          expect(r.vendor).toBe(vendor);
          expect(r.status).toBe(status);
          expect(r.deviceName).toBe(id.device);
          expect(r.jobName).toBe(id.job);
          expect(r.startTime).not.toBeNull();
          expect(Math.abs(r.startTime!.getTime() - run.start.getTime())).toBeLessThanOrEqual(MINUTE);
          if (r.endTime) expect(Math.abs(r.endTime.getTime() - run.end.getTime())).toBeLessThanOrEqual(MINUTE);
          if (status === 'Success') expect(r.failureText).toBeNull();
          else expect(r.failureText).toBeTruthy();
          if (r.sizeBytes !== null && status !== 'Failure')
            expect(Math.abs(r.sizeBytes - run.sizeBytes!) / run.sizeBytes!).toBeLessThan(0.01);
          // The envelope: the Date header is the end of the run, Message-ID and To as asked.
          expect(msg.date?.getTime()).toBe(run.end.getTime());
          expect(msg.messageId).toBe(`<${vendor}.${status}@demo.vigil.test>`);
          expect(msg.to).toEqual(['demo+acme@inbound.localhost']);
        });
      }

      it('keeps the vendor wording of a given failure text', async () => {
        const run = { ...runOf(vendor, 'Failure', start, 300), failureText: 'Disk quota reached on target QX-42.' };
        const { outcome } = await parse(renderDemoMail(run, { to: 'demo@inbound.localhost', messageId: 'x@y' }));
        expect(outcome.results[0].failureText).toContain('Disk quota reached on target QX-42.');
      });

      it('writes local times of the zone (or true instants) and a zoned Date header', async () => {
        const run = runOf(vendor, 'Success', new Date('2026-07-04T03:30:00Z'), 1500);
        const tz = 'America/New_York';
        const raw = renderDemoMail(run, { to: 'demo@inbound.localhost', messageId: 'ny@demo', timeZone: tz });
        expect(raw.toString('latin1')).toMatch(/^Date: Fri, 3 Jul 2026 23:55:00 -0400\r$/m);
        const { outcome } = await parse(raw);
        expect(outcome.vendor).toBe(vendor);
        const got = outcome.results[0].startTime!.getTime();
        const local = wallAsUtc(run.start, tz);
        const nearest = Math.min(Math.abs(got - local), Math.abs(got - run.start.getTime()));
        expect(nearest).toBeLessThanOrEqual(MINUTE);
      });
    });
  }

  it('writes well-formed messages: CRLF only, short lines, the same bytes for the same run', () => {
    for (const vendor of DEMO_VENDORS) {
      for (const status of STATUSES) {
        const run = runOf(vendor, status, start, seconds);
        const opts = { to: 'demo@inbound.localhost', messageId: 'same@demo', timeZone: 'Europe/London' };
        const raw = renderDemoMail(run, opts);
        const text = raw.toString('latin1');
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
        for (const h of ['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version', 'Content-Type'])
          expect(text).toMatch(new RegExp(`^${h}: `, 'm'));
        expect(renderDemoMail(run, opts).equals(raw)).toBe(true);
      }
    }
  });

  it('sends on-premises products from the company domain', async () => {
    const b = sampleOf('veeam-br');
    const company = DEMO_COMPANIES.find((c) => c.name === b.company)!;
    const run = runOf('veeam-br', 'Success', start, 600);
    const { msg } = await parse(renderDemoMail(run, { to: 'demo@inbound.localhost', messageId: 'a@b' }));
    expect(msg.from.endsWith(`@${company.domain}`)).toBe(true);
  });

  it('names every backup with words its e-mail carries', async () => {
    for (const b of estate) {
      const run: DemoRun = {
        ...runOf(b.vendor, 'Success', start, 600),
        company: b.company,
        device: b.device,
        job: b.job,
      };
      const { msg } = await parse(renderDemoMail(run, { to: 'demo@inbound.localhost', messageId: 'n@demo' }));
      const source = [msg.subject, msg.text, msg.html ?? ''].join('\n');
      const id = demoIdentity(run);
      expect(source, `${b.vendor} device`).toContain(id.device);
      // vzdump mails name no job: the parser names it after the node in the subject, "vzdump <node>".
      const job = b.vendor === 'proxmox-vzdump' ? id.job.replace(/^vzdump /, 'vzdump backup status (') : id.job;
      expect(source, `${b.vendor} job`).toContain(job);
    }
  }, 30_000);

  it('rejects a vendor it has no format for', () => {
    const run = { ...runOf('veeam-br', 'Success', start, 60), vendor: 'no-such-vendor' };
    expect(() => renderDemoMail(run, { to: 'a@b', messageId: 'c@d' })).toThrow(/no-such-vendor/);
  });
});

describe('planDemoEstate', () => {
  it('is deterministic for a seed and varies with it', () => {
    expect(planDemoEstate(1)).toEqual(estate);
    expect(planDemoEstate(2)).not.toEqual(estate);
  });

  it('plans about twelve companies and 150 backups over every vendor', () => {
    const companies = new Set(estate.map((b) => b.company));
    expect(companies.size).toBeGreaterThanOrEqual(10);
    expect(companies.size).toBeLessThanOrEqual(14);
    expect(estate.length).toBeGreaterThanOrEqual(140);
    expect(estate.length).toBeLessThanOrEqual(160);
    expect(new Set(estate.map((b) => b.vendor))).toEqual(new Set(DEMO_VENDORS));
    for (const c of companies) {
      const vendors = new Set(estate.filter((b) => b.company === c).map((b) => b.vendor));
      expect(vendors.size).toBeGreaterThanOrEqual(2);
      expect(vendors.size).toBeLessThanOrEqual(4);
    }
  });

  it('mixes profiles: mostly healthy, a few failing, 3–5 stopped, some flaky and warning-prone', () => {
    for (const seed of [1, 2, 3, 42]) {
      const plan = planDemoEstate(seed);
      const count = (p: string) => plan.filter((b) => b.profile === p).length;
      expect(count('healthy') / plan.length).toBeGreaterThan(0.7);
      expect(count('healthy') / plan.length).toBeLessThan(0.8);
      expect(count('stopped')).toBeGreaterThanOrEqual(3);
      expect(count('stopped')).toBeLessThanOrEqual(5);
      expect(count('failing')).toBeGreaterThanOrEqual(2);
      expect(count('flaky')).toBeGreaterThan(0);
      expect(count('warning-prone')).toBeGreaterThan(0);
      for (const b of plan.filter((x) => x.profile === 'stopped')) expect(b.stoppedDaysAgo).toBeGreaterThan(0);
    }
  });

  it('gives every company one short lowercase plus-tag and keeps identities as the parser reports them', () => {
    const tags = new Map<string, string>();
    for (const b of estate) {
      expect(b.tag).toMatch(/^[a-z0-9]{2,16}$/);
      expect(tags.get(b.company) ?? b.tag).toBe(b.tag);
      tags.set(b.company, b.tag);
      expect(demoIdentity(b)).toEqual({ vendor: b.vendor, device: b.device, job: b.job });
      expect(b.startHourLocal).toBeGreaterThanOrEqual(0);
      expect(b.startHourLocal).toBeLessThan(24);
    }
    expect(new Set(tags.values()).size).toBe(tags.size);
    const keys = estate.map((b) => `${b.vendor}|${b.device}|${b.job}|${b.company}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('demoRuns', () => {
  const days = daysUpTo('2026-05-31', 90);
  const tz = 'America/New_York';
  const base = estate.find((b) => b.schedule === 'daily')!;

  it('makes a failing backup fail, in streaks, up to the last day', () => {
    const runs = demoRuns({ ...base, profile: 'failing' }, days, mulberry32(7), tz);
    const failures = runs.filter((r) => r.status === 'Failure');
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(runs.at(-1)!.status).toBe('Failure');
    expect(runs.slice(-3).every((r) => r.status === 'Failure')).toBe(true);
    for (const f of failures) expect(f.failureText).toBeTruthy();
  });

  it('has a stopped backup report nothing in its last days', () => {
    const stopped = { ...base, profile: 'stopped' as const, stoppedDaysAgo: 9 };
    const runs = demoRuns(stopped, days, mulberry32(7), tz);
    expect(runs.length).toBeGreaterThan(60);
    const firstQuietDay = days[days.length - 9];
    const localDay = (d: Date) => new Date(wallAsUtc(d, tz)).toISOString().slice(0, 10);
    for (const r of runs) expect(localDay(r.start) < firstQuietDay).toBe(true);
    expect(localDay(runs.at(-1)!.start) >= days[days.length - 12]).toBe(true);
  });

  it('keeps a healthy backup mostly green, with an occasional missed day', () => {
    let total = 0;
    let ok = 0;
    let expected = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const runs = demoRuns({ ...base, profile: 'healthy' }, days, mulberry32(seed), tz);
      total += runs.length;
      ok += runs.filter((r) => r.status === 'Success').length;
      expected += days.length;
    }
    expect(ok / total).toBeGreaterThan(0.9);
    expect(total).toBeLessThan(expected);
    expect(total).toBeGreaterThan(expected * 0.95);
  });

  it('warns a lot for warning-prone backups, in streaks', () => {
    const runs = demoRuns({ ...base, profile: 'warning-prone' }, days, mulberry32(3), tz);
    const warnings = runs.filter((r) => r.status === 'Warning');
    expect(warnings.length).toBeGreaterThan(10);
    const streaks = runs.filter((r, i) => r.status === 'Warning' && runs[i - 1]?.status === 'Warning');
    expect(streaks.length).toBeGreaterThan(0);
  });

  it('follows the schedule and the local start hour, with sane durations and sizes', () => {
    for (const schedule of ['daily', 'weekdays', 'weekly-sunday'] as const) {
      const b: DemoBackup = { ...base, schedule, startHourLocal: 21, profile: 'flaky' };
      const runs = demoRuns(b, days, mulberry32(11), tz);
      const weekdays = new Set(runs.map((r) => new Date(wallAsUtc(r.start, tz)).getUTCDay()));
      if (schedule === 'weekdays') expect([...weekdays].every((d) => d >= 1 && d <= 5)).toBe(true);
      if (schedule === 'weekly-sunday') {
        expect([...weekdays]).toEqual([0]);
        expect(runs.length).toBeGreaterThanOrEqual(10);
      }
      for (const r of runs) {
        expect(new Date(wallAsUtc(r.start, tz)).getUTCHours()).toBe(21);
        expect(r.end.getTime()).toBeGreaterThan(r.start.getTime());
        expect(r.end.getTime() - r.start.getTime()).toBeLessThan(12 * 3600_000);
        if (r.status === 'Failure') expect(r.sizeBytes).toBe(0);
        else expect(r.sizeBytes).toBeGreaterThan(0);
        expect(r.failureText === undefined).toBe(r.status === 'Success');
      }
    }
  });

  it('is deterministic for the same random sequence', () => {
    const b = { ...base, profile: 'flaky' as const };
    expect(demoRuns(b, days, mulberry32(5), tz)).toEqual(demoRuns(b, days, mulberry32(5), tz));
  });

  it('gives e-mails that every planned backup reads back as itself', async () => {
    const week = daysUpTo('2026-05-31', 7);
    const rng = mulberry32(99);
    let n = 0;
    for (const b of estate) {
      for (const run of demoRuns(b, week, rng, tz)) {
        const raw = renderDemoMail(run, {
          to: `demo+${b.tag}@inbound.localhost`,
          messageId: `m${n++}@demo`,
          timeZone: tz,
        });
        const { outcome } = await parse(raw);
        expect(outcome.vendor).toBe(b.vendor);
        expect(outcome.results).toHaveLength(1);
        const r = outcome.results[0];
        expect([r.deviceName, r.jobName, r.status]).toEqual([b.device, b.job, run.status]);
      }
    }
    expect(n).toBeGreaterThan(500);
  });
});

describe('mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });
});
