import { z } from 'zod';
import type { SideMenuAppliance, SideMenuDevice } from './api-backup-source-rows.ts';
import { BackupSettings } from './api-manage.ts';
import { PolicyRow } from './api-policy-rows.ts';

/**
 * The backup lifecycle in Manage (platform §7 Backup, Backups, Policies, policy-operation,
 * Account policy-count; features §2.2, §4.4, §4.7): inactive, active and retired lists,
 * activation and editing, retire, reactivate, delete, merge.
 */

export const PolicyListQuery = z.object({
  Page: z.number().int().min(1).default(1),
  Size: z.number().int().min(1).max(1000).default(50),
  Search: z.string().max(200).optional(),
  Companies: z.array(z.number().int()).max(1000).optional(),
  IncludeNoCompany: z.boolean().optional(),
  Vendors: z.array(z.string().max(100)).max(100).optional(),
  Tags: z.array(z.string().max(100)).max(100).optional(),
  OrderBy: z
    .enum(['PolicyId', 'CompanyName', 'DeviceName', 'JobName', 'Vendor', 'LastEmailAt', 'SenderEmail', 'CreatedAt'])
    .optional(),
  OrderAscending: z.boolean().optional(),
});
export type PolicyListQuery = z.infer<typeof PolicyListQuery>;

/** Activation suggestions (`POST /api/policy/to-activate`): each backup with proposed settings. */
export const ToActivateRow = PolicyRow.extend({
  Suggested: BackupSettings.extend({
    /** Why the schedule was suggested: the weekdays results arrived on. */
    ScheduleReason: z.string().nullable(),
  }),
});
export type ToActivateRow = z.infer<typeof ToActivateRow>;

/** Side drawer data (features §3.4, §4.8). E-mailed backups carry what their e-mails tell. */
export const SideMenu = z.object({
  IntegrationType: z.string(),
  Data: z.object({
    BackupId: z.number().int(),
    DeviceName: z.string(),
    Hostname: z.string().nullable(),
    Company: z.string(),
    Vendor: z.string(),
    JobName: z.string(),
    SenderEmail: z.string().nullable(),
    LastEmailAt: z.string().nullable(),
    LastResultAt: z.string().nullable(),
    ProtectedDevices: z.array(z.object({ BackupId: z.number().int(), DeviceName: z.string(), DeviceId: z.string() })),
    /** A backup read from a backup-vendor API source with assets: the asset's console link and fields. */
    SlideUrl: z.string().nullable().optional(),
    Device: z.custom<SideMenuDevice>().nullable().optional(),
    Appliance: z.custom<SideMenuAppliance>().nullable().optional(),
  }),
});

export const LastEmail = z.object({
  EmailId: z.number().int(),
  Subject: z.string(),
  From: z.string(),
  ReceivedAt: z.string(),
});

export const VendorOption = z.object({ Id: z.string(), Name: z.string(), Count: z.number().int() });

export * from './api-policy-rows.ts';
export * from './api-policy-operations.ts';
