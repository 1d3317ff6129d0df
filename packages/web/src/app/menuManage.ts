import { Privilege } from '@vigil/contract';
import type { MenuItem } from './menuItem';

/** Manage (features §2.1): rules, backups and their schedules for a tenant. */
export const manageMenu: MenuItem = {
  // Manage, in the order of features §2.1.
  id: 'manage',
  title: 'Manage',
  icon: 'manage',
  privilege: Privilege.tenantAdminOrStandard,
  children: [
    {
      id: 'manage-overview',
      title: 'Overview',
      icon: 'overview',
      path: '/app/manage/overview',
      permissions: ['manage.getpolicycount'],
    },
    {
      id: 'manage-companies',
      title: 'Companies',
      icon: 'companies',
      path: '/app/manage/companies',
      permissions: ['manage.getCompanies'],
    },
    {
      id: 'manage-templates',
      title: 'Templates',
      icon: 'templates',
      path: '/app/manage/templates',
      permissions: ['manage.getTemplates'],
    },
    {
      id: 'manage-backup-plans',
      title: 'Backup Plans',
      icon: 'backupPlans',
      path: '/app/manage/backup-plans',
      permissions: ['manage.getBackupPlans'],
      flag: 'brBackupPlans',
    },
    {
      id: 'manage-activate-backups',
      title: 'Activate Backups',
      icon: 'activateBackups',
      path: '/app/manage/activate-backups',
      permissions: ['manage.getinactivebackups'],
    },
    {
      id: 'manage-edit-backups',
      title: 'Edit Backups',
      icon: 'editBackups',
      path: '/app/manage/edit-backups',
      permissions: ['manage.getactivebackups'],
    },
    {
      id: 'manage-retire-backups',
      title: 'Retired Backups',
      icon: 'retireBackups',
      path: '/app/manage/retire-backups',
      permissions: ['manage.getretiredbackups'],
    },
    {
      id: 'manage-schedules',
      title: 'Schedules',
      icon: 'schedules',
      path: '/app/manage/schedules',
      permissions: ['manage.getschedules'],
    },
    {
      id: 'manage-activity-logs',
      title: 'Activity Logs',
      icon: 'activityLogs',
      path: '/app/manage/activity-logs',
      permissions: ['manage.getuseraudit'],
    },
  ],
};
