// E-mail alert settings of a tenant (`api/email-settings/alerts`).
import { z } from 'zod';

/**
 * `GET/PUT api/email-settings/alerts`: which alert e-mails the tenant receives and to whom.
 * BackupFailed and BackupMissed go out as the rollup finds them; DailySummary once a day at
 * SummaryHour (tenant time zone); ScheduledReportFailed when a scheduled report could not be sent.
 */
export const EmailAlertSettings = z
  .object({
    Recipients: z
      .array(z.string().trim().email('Invalid email address').max(254))
      .max(50, 'At most 50 recipients')
      .default([]),
    BackupFailed: z.boolean().default(false),
    BackupMissed: z.boolean().default(false),
    DailySummary: z.boolean().default(false),
    SummaryHour: z.number().int().min(0).max(23).default(7),
    ScheduledReportFailed: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const any = v.BackupFailed || v.BackupMissed || v.DailySummary || v.ScheduledReportFailed;
    if (any && v.Recipients.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['Recipients'], message: 'Add at least one recipient' });
    }
  });
export type EmailAlertSettings = z.infer<typeof EmailAlertSettings>;
