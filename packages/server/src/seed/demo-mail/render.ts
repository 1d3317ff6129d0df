import { companyOf } from './estate.ts';
import { mailDate } from './format.ts';
import { demoIdentity, specOf, tidy } from './formats.ts';
import { assemble } from './mime.ts';
import { hash, mulberry32 } from './random.ts';
import { baseline } from './runs.ts';
import { wall } from './time.ts';
import type { DemoRun } from './types.ts';
import type { Ctx } from './vendor-spec.ts';

/**
 * The notification e-mail of one run: a complete RFC 5322 message with CRLF line ends, From a
 * plausible sender of that product, To `opts.to`, Date = the run's end, and a body in the layout
 * the vendor's parser reads.
 */
export function renderDemoMail(run: DemoRun, opts: { to: string; messageId: string; timeZone?: string }): Buffer {
  const spec = specOf(run.vendor);
  const tz = opts.timeZone ?? 'UTC';
  const id = demoIdentity(run);
  const seed = hash(`${run.vendor}|${id.device}|${id.job}|${run.start.toISOString()}|${run.status}`);
  const seconds = Math.max(0, Math.round((run.end.getTime() - run.start.getTime()) / 1000));
  const fallbackBytes = run.status === 'Failure' ? 0 : Math.round(baseline({ ...id, schedule: 'daily' }).bytes);
  const problem =
    run.status === 'Success'
      ? ''
      : tidy(run.failureText ?? '') ||
        (run.status === 'Warning' ? spec.warnings : spec.failures)[0].replace(/\{device\}/g, id.device);
  const ctx: Ctx = {
    run,
    device: id.device,
    job: id.job,
    status: run.status,
    problem,
    s: wall(run.start, tz),
    e: wall(run.end, tz),
    su: wall(run.start, 'UTC'),
    eu: wall(run.end, 'UTC'),
    seconds,
    bytes: Math.max(0, Math.round(run.sizeBytes ?? fallbackBytes)),
    org: companyOf(run.company),
    tz,
    rnd: mulberry32(seed),
  };
  const mail = spec.render(ctx);
  return assemble(mail, { to: opts.to, messageId: opts.messageId, date: mailDate(run.end, tz) }, seed);
}
