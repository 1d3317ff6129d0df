// Report categories and types, and the catalogue of report types (features §9).
import { z } from 'zod';

export const ReportCategory = z.enum(['Administrative Reports', 'Compliance Reports', 'Backup Reports']);
export type ReportCategory = z.infer<typeof ReportCategory>;

export const ReportType = z.enum([
  'BackupStatusSummary',
  'DailyResults',
  'FailuresAndNoResults',
  'Compliance',
  'BackupInventory',
  'InactiveAndRetired',
  'UserActivity',
  'BackupMethods',
]);
export type ReportType = z.infer<typeof ReportType>;

export interface ReportTypeInfo {
  title: string;
  category: ReportCategory;
  description: string;
  /** Which filters apply (the screen shows only these). */
  filters: ('dateRange' | 'companies' | 'statuses' | 'vendors' | 'tags')[];
}

export const REPORT_TYPES: Record<ReportType, ReportTypeInfo> = {
  BackupStatusSummary: {
    title: 'Backup Status Summary',
    category: 'Backup Reports',
    description: 'Per company: success rate and the number of days in each status over the range.',
    filters: ['dateRange', 'companies', 'statuses', 'vendors', 'tags'],
  },
  DailyResults: {
    title: 'Daily Results',
    category: 'Backup Reports',
    description: 'Every backup on every day of the range with its status and result counts.',
    filters: ['dateRange', 'companies', 'statuses', 'vendors', 'tags'],
  },
  FailuresAndNoResults: {
    title: 'Failures and No Results',
    category: 'Backup Reports',
    description: 'Each failed or missed backup day with the failure text of its results.',
    filters: ['dateRange', 'companies', 'vendors', 'tags'],
  },
  Compliance: {
    title: 'Compliance',
    category: 'Compliance Reports',
    description:
      'Per company and backup: the share of scheduled days with a good result, days since the last good result, and recovery point breaches.',
    filters: ['dateRange', 'companies', 'vendors', 'tags'],
  },
  BackupInventory: {
    title: 'Backup Inventory',
    category: 'Backup Reports',
    description: 'Every active backup with its company, vendor, method, schedule and tags.',
    filters: ['companies', 'vendors', 'tags'],
  },
  InactiveAndRetired: {
    title: 'Inactive and Retired Backups',
    category: 'Administrative Reports',
    description: 'Backups discovered but not activated, and retired backups, with when they last reported.',
    filters: ['companies', 'vendors'],
  },
  UserActivity: {
    title: 'User Activity',
    category: 'Administrative Reports',
    description: 'Who changed what in Manage and Audit over the range.',
    filters: ['dateRange'],
  },
  BackupMethods: {
    title: 'Backup Methods',
    category: 'Administrative Reports',
    description: 'Active backups per vendor and method (e-mail or API), per company.',
    filters: ['companies', 'vendors'],
  },
};
