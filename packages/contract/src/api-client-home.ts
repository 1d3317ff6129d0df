import { z } from 'zod';

/** One failed backup day shown on the client home. */
export const ClientHomeFailure = z.object({
  BackupId: z.number().int(),
  DeviceName: z.string(),
  JobName: z.string(),
  /** The business day (yyyy-MM-dd, the tenant's calendar). */
  Day: z.string(),
});
export type ClientHomeFailure = z.infer<typeof ClientHomeFailure>;

/** A company's protection at a glance: its active backups and how they did on the day. */
export const ClientHomeCompany = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** Active backups of the company. */
  Backups: z.number().int(),
  Success: z.number().int(),
  Warning: z.number().int(),
  Failure: z.number().int(),
  /** Scheduled but nothing arrived (No Result). */
  Missed: z.number().int(),
  /** The most recent failed days of the last 30, newest first (at most three). */
  LastFailures: z.array(ClientHomeFailure),
});
export type ClientHomeCompany = z.infer<typeof ClientHomeCompany>;

/** GET api/home/companies: the caller's companies on the tenant's last full business day. */
export const ClientHome = z.object({
  /** The day the counts are for: the tenant's yesterday. */
  Day: z.string(),
  TimeZoneId: z.string(),
  Companies: z.array(ClientHomeCompany),
});
export type ClientHome = z.infer<typeof ClientHome>;
