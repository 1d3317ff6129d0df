/**
 * Demo notification e-mails: a deterministic estate of client companies and their backups, the
 * runs of each backup over a span of days, and for every run the notification e-mail that the
 * vendor's product would send. Every e-mail is written in the layout its vendor parser
 * (parser/vendors) reads, so feeding these messages through the intake fills the demo
 * tenant with a believable history: mostly green, a few warnings, failure streaks, backups that
 * stopped reporting.
 *
 * Times. Most products print local wall-clock times without a zone; the renderer writes them in
 * `opts.timeZone` (the zone of the client's servers, by default UTC), exactly as the product on
 * site would. Cloud services that print UTC (Axcient) get UTC. The Date header is the run's end,
 * with the zone's offset.
 *
 * Senders. On-premises products mail through the client's own SMTP relay, so they send from an
 * address at the company's domain; hosted services (Datto, Axcient, Acronis Cloud, Cove, MSP360)
 * send from their own domains, which their parsers also expect.
 *
 * Pure and deterministic: the same run gives byte-identical e-mails (so a resend is a duplicate),
 * and the same seed gives the same estate.
 *
 * Layout. `demo-mail/data/` is the estate as plain data (companies, their machines and products,
 * the odds of each health profile); `estate.ts` and `runs.ts` plan backups and their runs;
 * `vendors/<parser id>.ts` builds one product's e-mail, `formats.ts` lists them, and `render.ts`
 * with `mime.ts` turns a run into the message.
 */

export type { DemoBackup, DemoCompany, DemoProfile, DemoRun, DemoSchedule, DemoStatus } from './demo-mail/types.ts';
export { DEMO_VENDORS } from './demo-mail/data/vendors.ts';
export { mulberry32 } from './demo-mail/random.ts';
export { DEMO_COMPANIES, planDemoEstate } from './demo-mail/estate.ts';
export { demoRuns } from './demo-mail/runs.ts';
export { demoIdentity } from './demo-mail/formats.ts';
export { renderDemoMail } from './demo-mail/render.ts';
