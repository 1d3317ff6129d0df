import { Privilege } from '@vigil/contract';
import type { MenuItem } from './menuItem';

/** Admin Portal (platform §2): screens for the platform's own administrators. */
export const adminMenu: MenuItem = {
  id: 'admin',
  title: 'Admin Portal',
  icon: 'admin',
  privilege: Privilege.allAdmins,
  children: [
    { id: 'admin-tenants', title: 'Tenants', icon: 'tenants', path: '/admin/tenants' },
    {
      // Sales: sign-up coupons and referral partners (salesAdminOrHigher, which is every admin kind).
      id: 'admin-coupons',
      title: 'Coupons',
      icon: 'tags',
      path: '/admin/coupons',
      privilege: Privilege.salesAdminOrHigher,
    },
    {
      id: 'admin-resellers',
      title: 'Resellers',
      icon: 'tenants',
      path: '/admin/resellers',
      privilege: Privilege.salesAdminOrHigher,
    },
    {
      // The subscription levers are for billing administrators and super admins.
      id: 'admin-billing',
      title: 'Billing',
      icon: 'billing',
      path: '/admin/billing',
      privilege: Privilege.billingAdminOrHigher,
    },
    { id: 'admin-parsing', title: 'Parsing', icon: 'parsing', path: '/admin/parsing' },
    { id: 'admin-flags', title: 'Feature Flags', icon: 'flags', path: '/admin/future-flags' },
    { id: 'admin-logins', title: 'Login Activity', icon: 'activity', path: '/admin/user-login-activities' },
    { id: 'admin-outbox', title: 'Outbox', icon: 'outbox', path: '/admin/outbox' },
    { id: 'admin-messages', title: 'Messages', icon: 'messages', path: '/admin/messages' },
    { id: 'admin-insights', title: 'Insights', icon: 'overview', path: '/admin/insights' },
    {
      id: 'admin-dashboard-layouts',
      title: 'Dashboard Layouts',
      icon: 'dashboard',
      path: '/admin/dashboard-layouts',
    },
    { id: 'admin-administrators', title: 'Administrators', icon: 'admin', path: '/admin/administrators' },
    { id: 'admin-statistics', title: 'Statistics', icon: 'overview', path: '/admin/statistics' },
    { id: 'admin-functions', title: 'Functions', icon: 'schedules', path: '/admin/functions' },
    { id: 'admin-error-logs', title: 'Error Logs', icon: 'activityLogs', path: '/admin/error-logs' },
  ],
};
