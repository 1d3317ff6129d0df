import { z } from 'zod';
import { IsoDay, ScheduleRule } from './api-audit.ts';
import { Id } from './api-backup-plan-fields.ts';

/**
 * Backup plans (platform §3, §4, §7 "Backup plans (api/backup-plans)."; behind brBackupPlans):
 * an ordered list of rule sets, each applying settings and tags to the backups it matches. For
 * each backup the first enabled matching plan (lowest position) wins. Tags a plan adds are
 * stored with the plan and shown as "Tagged via backup plan {name}".
 */

/**
 * `POST api/backup-plans/scheduled-days`: the days of a range a schedule expects a result
 * (a rule, or a named schedule by ScheduleId). At most 366 days.
 */
export const ScheduledDaysInput = z.object({
  Schedule: ScheduleRule.optional(),
  ScheduleId: Id.optional(),
  From: IsoDay,
  To: IsoDay,
});
export const ScheduledDaysAnswer = z.object({
  Days: z.array(IsoDay),
  Count: z.number().int(),
});

/**
 * `POST api/backup-plans/date-flags`: per day of a range (at most 366) the flags a schedule
 * rule is written in: weekday flag (Sunday 1 … Saturday 64), month 1–12, which occurrence of
 * its weekday in the month (1–5) and whether it is the last one (-1 in a monthly rule).
 */
export const DateFlagsInput = z.object({ From: IsoDay, To: IsoDay });
export const PlanDateFlag = z.object({
  Date: IsoDay,
  Weekday: z.number().int(),
  WeekdayName: z.string(),
  Month: z.number().int(),
  Nth: z.number().int(),
  IsLast: z.boolean(),
});
export const DateFlagsAnswer = z.object({ Days: z.array(PlanDateFlag) });

/**
 * The tenant's backup-plans setting (`PUT api/backup-plans/setting/{flag}`, tenant admins): with
 * the brBackupPlans flag on and this off, the Audit menu entry is hidden (platform §2).
 */
export const BackupPlansSetting = z.object({ BackupPlansEnabled: z.boolean() });
export type BackupPlansSetting = z.infer<typeof BackupPlansSetting>;

export * from './api-backup-plan-list.ts';
export * from './api-backup-plan-apply.ts';
