// Public REST API v1 companies and backups, and their pages.
import { z } from 'zod';
import { DayStatusValue } from './api-audit.ts';
import { paged } from './api-common.ts';

export const PublicCompany = z.object({
  CompanyId: z.number().int(),
  Name: z.string(),
  /** 0 synced from a PSA, 1 local. */
  Type: z.union([z.literal(0), z.literal(1)]),
  TypeName: z.enum(['Psa', 'Local']),
  ActiveBackups: z.number().int(),
});
export type PublicCompany = z.infer<typeof PublicCompany>;

export const PublicBackup = z.object({
  BackupId: z.number().int(),
  Vendor: z.string(),
  VendorName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Method: z.string(),
  BackupType: z.string(),
  State: z.enum(['Inactive', 'Active', 'Retired']),
  IsActive: z.boolean(),
  CompanyId: z.number().int().nullable(),
  CompanyName: z.string(),
  ClientId: z.string(),
  /** Current day status and its name. */
  Status: DayStatusValue,
  StatusName: z.string(),
  StatusSince: z.string().nullable(),
  LastResultAt: z.string().nullable(),
  LastSuccessAt: z.string().nullable(),
  Tags: z.array(z.string()),
  CreatedAt: z.string(),
});
export type PublicBackup = z.infer<typeof PublicBackup>;

export const PublicCompanyPage = paged(PublicCompany);
export const PublicBackupPage = paged(PublicBackup);
