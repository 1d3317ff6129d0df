import { ODDS } from './data/odds.ts';
import { GB } from './format.ts';
import { specOf } from './formats.ts';
import { between, choose, hash, intBetween, mulberry32 } from './random.ts';
import { weekdayOf, zonedInstant } from './time.ts';
import type { DemoBackup, DemoRun, DemoSchedule, DemoStatus } from './types.ts';
import { WORKSTATION } from './vendor-spec.ts';

/** Typical duration (seconds) and size (bytes) of one run, stable per backup. */
export function baseline(b: Pick<DemoBackup, 'vendor' | 'device' | 'job' | 'schedule'>): {
  seconds: number;
  bytes: number;
} {
  const r = mulberry32(hash(`${b.vendor}|${b.device}|${b.job}`));
  const full = b.schedule === 'weekly-sunday' || /full|usb|image to nas/i.test(b.job);
  if (b.vendor === 'veeam-m365') return { seconds: intBetween(r, 900, 3600), bytes: between(r, 0.3, 4) * GB };
  if (WORKSTATION.test(b.device)) {
    return full
      ? { seconds: intBetween(r, 1800, 5400), bytes: between(r, 40, 160) * GB }
      : { seconds: intBetween(r, 240, 1500), bytes: between(r, 0.15, 3) * GB };
  }
  if (full) return { seconds: intBetween(r, 3600, 14400), bytes: between(r, 80, 600) * GB };
  if (/copy|offsite|c2|s3|wasabi|rsync|replication/i.test(b.job))
    return { seconds: intBetween(r, 600, 3600), bytes: between(r, 1, 25) * GB };
  return { seconds: intBetween(r, 420, 4800), bytes: between(r, 0.8, 40) * GB };
}

/** The minute past the hour a backup starts (jobs of one group start together). */
function startMinute(b: Pick<DemoBackup, 'vendor' | 'job' | 'company'>): number {
  return [0, 0, 0, 0, 15, 30, 30, 45][hash(`${b.company}|${b.vendor}|${b.job}`) % 8];
}

function scheduled(day: string, schedule: DemoSchedule): boolean {
  const wd = weekdayOf(day);
  if (schedule === 'weekdays') return wd >= 1 && wd <= 5;
  if (schedule === 'weekly-sunday') return wd === 0;
  return true;
}

/**
 * The runs of a backup over `days` ('YYYY-MM-DD' local days, oldest first) in its schedule: the
 * odd missed e-mail, durations and sizes around the backup's own baseline, warnings and failures
 * in streaks with one cause repeated, 'failing' backups failing every run of their last days, and
 * 'stopped' backups silent for their last `stoppedDaysAgo` days. Runs of the last day may end in
 * the future; callers sending e-mails "now" should skip those.
 */
export function demoRuns(backup: DemoBackup, days: string[], rng: () => number, timeZone: string): DemoRun[] {
  const runs: DemoRun[] = [];
  const odds = ODDS[backup.profile];
  const base = baseline(backup);
  const minute = startMinute(backup);
  const spec = specOf(backup.vendor);
  const quietFrom =
    backup.profile === 'stopped' ? days.length - Math.max(1, backup.stoppedDaysAgo ?? 10) : Number.POSITIVE_INFINITY;
  const brokenFrom = backup.profile === 'failing' ? days.length - intBetween(rng, 3, 12) : Number.POSITIVE_INFINITY;
  const brokenText = pickMessage(rng, spec.failures, backup.device);
  let streak = 0;
  let streakStatus: DemoStatus = 'Success';
  let streakText = '';

  days.forEach((day, i) => {
    if (i >= quietFrom || !scheduled(day, backup.schedule)) return;
    if (i < brokenFrom && rng() < odds.miss) return; // the e-mail never came

    let status: DemoStatus = 'Success';
    let text = '';
    if (i >= brokenFrom) {
      status = 'Failure';
      text = brokenText;
    } else if (streak > 0) {
      streak--;
      status = streakStatus;
      text = streakText;
    } else {
      const r = rng();
      if (r < odds.fail) {
        status = 'Failure';
        streak = intBetween(rng, 1, odds.failStreak) - 1;
        text = pickMessage(rng, spec.failures, backup.device);
      } else if (r < odds.fail + odds.warn) {
        status = 'Warning';
        streak = intBetween(rng, 1, odds.warnStreak) - 1;
        text = pickMessage(rng, spec.warnings, backup.device);
      }
      streakStatus = status;
      streakText = text;
    }

    const start = zonedInstant(
      day,
      backup.startHourLocal,
      minute + intBetween(rng, 0, 1),
      intBetween(rng, 1, 59),
      timeZone,
    );
    let seconds = Math.round(base.seconds * between(rng, 0.75, 1.35));
    let bytes = Math.round(base.bytes * between(rng, 0.55, 1.6));
    if (status === 'Warning') seconds = Math.round(seconds * between(rng, 1, 1.4));
    if (status === 'Failure') {
      // Most failures end fast (nothing reachable); some die late in the transfer.
      seconds = rng() < 0.6 ? intBetween(rng, 20, 300) : Math.round(seconds * between(rng, 0.3, 1));
      bytes = 0;
    }
    const run: DemoRun = {
      vendor: backup.vendor,
      company: backup.company,
      device: backup.device,
      job: backup.job,
      status,
      start,
      end: new Date(start.getTime() + Math.max(15, seconds) * 1000),
      sizeBytes: bytes,
    };
    if (status !== 'Success') run.failureText = text;
    runs.push(run);
  });
  return runs;
}

function pickMessage(rng: () => number, list: readonly string[], device: string): string {
  return choose(rng, list).replace(/\{device\}/g, device);
}
