// Backup methods (`api/backup-methods`): vendor and method options and their report.
import { z } from 'zod';

/** `GET api/backup-methods` and `/used`: a vendor and method, with its active backups. */
export const BackupMethodOption = z.object({
  Vendor: z.string(),
  VendorName: z.string(),
  Method: z.string(),
  Count: z.number().int(),
});
export type BackupMethodOption = z.infer<typeof BackupMethodOption>;
/** `POST api/backup-methods/report?reportType=`: the Backup Methods report as a file. */
export const BackupMethodsReportQuery = z.object({
  reportType: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2 || v === 4, 'reportType must be 0, 1, 2 or 4'),
});
