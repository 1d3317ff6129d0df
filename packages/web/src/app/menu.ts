import { Privilege } from '@vigil/contract';
import { canAccess, type Access, type AccessContext } from '../lib/access';

/** Icon keys resolved to components by the sidebar (keeps this file free of UI imports). */
export type MenuIcon =
  | 'dashboard'
  | 'home'
  | 'audit'
  | 'dailyActivity'
  | 'integration'
  | 'mailboxes'
  | 'admin'
  | 'tenants'
  | 'parsing'
  | 'flags'
  | 'activity'
  | 'outbox'
  | 'external'
  | 'manage'
  | 'overview'
  | 'activateBackups'
  | 'editBackups'
  | 'retireBackups'
  | 'backupPlans'
  | 'templates'
  | 'companies'
  | 'schedules'
  | 'activityLogs'
  | 'tags'
  | 'messages'
  | 'support'
  | 'settings'
  | 'users'
  | 'apiKeys'
  | 'branding'
  | 'billing'
  | 'invoices';

/**
 * A main-menu entry (platform §2). Access fields filter it: permissions with an and/or operator,
 * a privilege mask, a feature flag, or any other condition. An entry with children is shown
 * when at least one child is. Only screens that work go here.
 */
export interface MenuItem extends Access {
  id: string;
  title: string;
  icon?: MenuIcon;
  /** App path of a screen, absolute ('/app/…' or '/admin/…'). */
  path?: string;
  /** External links open in a new tab. */
  href?: string;
  children?: MenuItem[];
}

export const mainMenu: MenuItem[] = [
  {
    // Platform §2: Dashboard is the first entry, so it is where "/app" leads for those who may see it.
    id: 'dashboard',
    title: 'Dashboard',
    icon: 'dashboard',
    path: '/app/dashboard',
    privilege: Privilege.tenantUsers,
    permissions: ['dashboard.getDashboards'],
  },
  { id: 'home', title: 'Home', icon: 'home', path: '/app/navigate', privilege: Privilege.tenantUsers },
  {
    // Platform §2 hides Audit when the backup-plans flag is on and the backup-plans setting is
    // off; that setting arrives with backup plans.
    id: 'audit',
    title: 'Audit',
    icon: 'audit',
    path: '/app/audit',
    privilege: Privilege.tenantUsers,
    permissions: ['audit.getAudit'],
  },
  {
    id: 'daily-activity',
    title: 'Daily Activity',
    icon: 'dailyActivity',
    path: '/app/daily-activity',
    privilege: Privilege.tenantAdminOrStandard,
    permissions: ['dailyactivity.getDailyBackups'],
  },
  {
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
  },
  {
    // Tickets (features §2.1: Ticket Profiles, Ticket Rules, Global Ticket Subjects, Ticket Issues).
    id: 'ticketing',
    title: 'Tickets',
    icon: 'outbox',
    privilege: Privilege.tenantAdminOrStandard,
    children: [
      {
        id: 'ticketing-profiles',
        title: 'Ticket Profiles',
        icon: 'templates',
        path: '/app/ticketing/profiles',
        permissions: ['ticket.getautomaticticketingprofiles'],
      },
      {
        id: 'ticketing-rules',
        title: 'Ticket Rules',
        icon: 'schedules',
        path: '/app/ticketing/rules',
        permissions: ['ticket.getautomaticticketingprofiles'],
      },
      {
        id: 'ticketing-subjects',
        title: 'Global Ticket Subjects',
        icon: 'editBackups',
        path: '/app/ticketing/subjects',
        permissions: ['ticket.getcustomsubjects'],
      },
      {
        id: 'ticketing-issues',
        title: 'Ticket Issues',
        icon: 'activityLogs',
        path: '/app/ticketing/issues',
        permissions: ['ticket.geticketingissues'],
      },
    ],
  },
  {
    // Reporting (features §2.1: On Demand, Scheduled Reports); platform §2 checks it with 'or'.
    id: 'reporting',
    title: 'Reporting',
    icon: 'templates',
    privilege: Privilege.tenantUsers,
    permissions: ['reporting.getondemandreport', 'reporting.getscheduledreports'],
    operator: 'or',
    children: [
      {
        id: 'reporting-on-demand',
        title: 'On Demand',
        icon: 'overview',
        path: '/app/reporting/on-demand',
        permissions: ['reporting.getondemandreport'],
      },
      {
        id: 'reporting-scheduled',
        title: 'Scheduled Reports',
        icon: 'schedules',
        path: '/app/reporting/scheduled',
        permissions: ['reporting.getscheduledreports'],
      },
    ],
  },
  {
    // Features §2.1: PSA Integration, Backup Integrations and Other join when those screens exist.
    id: 'integration',
    title: 'Integration',
    icon: 'integration',
    privilege: Privilege.tenantUsers,
    children: [
      {
        id: 'integration-psa',
        title: 'PSA Integration',
        icon: 'integration',
        path: '/app/integration/psa',
        permissions: ['integration.getlinkedcrmsourcewithdefaults'],
      },
      {
        id: 'integration-mailboxes',
        title: 'Mailboxes',
        icon: 'mailboxes',
        path: '/app/integration/mailboxes',
        permissions: ['integration.gettenantmailboxes'],
      },
    ],
  },
  {
    // Platform §2: after Integration; the list and its actions need insight.getInsightDetails.
    id: 'insights',
    title: 'Insights',
    icon: 'overview',
    path: '/app/insights',
    privilege: Privilege.tenantUsers,
    permissions: ['insight.getInsights'],
    flag: 'brInsights',
  },
  {
    // Settings (platform §2): each sub-screen joins as it is built.
    id: 'settings',
    title: 'Settings',
    icon: 'settings',
    privilege: Privilege.tenantUsers,
    children: [
      {
        // Features §2.1: API Keys comes first under Settings.
        id: 'settings-api',
        title: 'API Keys',
        icon: 'apiKeys',
        path: '/app/settings/api',
        permissions: ['settings.getapikeys'],
      },
      {
        id: 'settings-branding',
        title: 'Branding',
        icon: 'branding',
        path: '/app/settings/branding',
        permissions: ['settings.getBrandingInfo'],
      },
      {
        id: 'settings-tenant',
        title: 'Tenant',
        icon: 'tenants',
        path: '/app/settings/tenant',
        permissions: ['settings.gettenantconfig'],
      },
      {
        id: 'settings-tags',
        title: 'Tags',
        icon: 'tags',
        path: '/app/settings/tags',
        permissions: ['settings.getTags'],
      },
      {
        id: 'settings-email',
        title: 'SMTP',
        icon: 'outbox',
        path: '/app/settings/email',
        permissions: ['settings.getEmailSettings'],
      },
      {
        id: 'settings-billing',
        title: 'Billing',
        icon: 'billing',
        path: '/app/settings/billing',
        permissions: ['settings.getPlans'],
      },
      {
        id: 'settings-invoices',
        title: 'Invoices',
        icon: 'invoices',
        path: '/app/settings/invoices',
        permissions: ['settings.getallinvoices'],
      },
      {
        // Is mail arriving and being read, are audit, reports and tickets keeping up: for tenant administrators.
        id: 'settings-status',
        title: 'System status',
        icon: 'activity',
        path: '/app/settings/status',
        privilege: Privilege.tenantAdmin,
        permissions: ['settings.gettenantconfig'],
      },
      {
        id: 'settings-users',
        title: 'User Management',
        icon: 'users',
        path: '/app/settings/user-management',
        permissions: ['settings.getusers'],
      },
    ],
  },
  {
    // Platform §2: Support follows Settings; its ticket needs support.createsupportticket.
    id: 'support',
    title: 'Support',
    icon: 'support',
    path: '/app/support',
    privilege: Privilege.tenantUsers,
    permissions: ['support.createsupportticket'],
  },
  {
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
  },
];

export interface UserMenuItem {
  id: string;
  title: string;
  path: string;
  access?: Access;
}

/** User menu (platform §2): Profile, Billing, Invoices, Log out. */
export const userMenu: UserMenuItem[] = [
  { id: 'profile', title: 'Profile', path: '/app/profile' },
  {
    id: 'billing',
    title: 'Billing',
    path: '/app/settings/billing',
    access: { privilege: Privilege.tenantUsers, permissions: ['settings.getPlans'] },
  },
  {
    id: 'invoices',
    title: 'Invoices',
    path: '/app/settings/invoices',
    access: { privilege: Privilege.tenantUsers, permissions: ['settings.getallinvoices'] },
  },
  { id: 'logout', title: 'Log out', path: '/page/logout' },
];

/** The menu as this user may see it. */
export function filterMenu(items: readonly MenuItem[], ctx: AccessContext): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!canAccess(item, ctx)) continue;
    if (item.children) {
      const children = filterMenu(item.children, ctx);
      if (children.length === 0) continue;
      out.push({ ...item, children });
    } else if (item.path || item.href) {
      out.push(item);
    }
  }
  return out;
}

/** The first permitted screen: where "/app" leads (platform §2). External links do not count. */
export function defaultPath(items: readonly MenuItem[], fallback = '/app/profile'): string {
  for (const item of items) {
    if (item.children) {
      const inner = defaultPath(item.children, '');
      if (inner) return inner;
    } else if (item.path) {
      return item.path;
    }
  }
  return fallback;
}

/** The entry whose path is the longest prefix of `pathname`, with its parents. */
export function findActiveTrail(items: readonly MenuItem[], pathname: string): MenuItem[] {
  let best: MenuItem[] = [];
  const walk = (list: readonly MenuItem[], trail: MenuItem[]) => {
    for (const item of list) {
      const here = [...trail, item];
      if (item.path && (pathname === item.path || pathname.startsWith(`${item.path}/`))) {
        if (!best.length || item.path.length > (best[best.length - 1].path?.length ?? 0)) best = here;
      }
      if (item.children) walk(item.children, here);
    }
  };
  walk(items, []);
  return best;
}

/** The access fields of a menu entry, for the route that shows the same screen. */
export function routeAccess(id: string, items: readonly MenuItem[] = mainMenu): Access | undefined {
  for (const item of items) {
    if (item.id === id) {
      const { permissions, operator, privilege, flag, when } = item;
      return { permissions, operator, privilege, flag, when };
    }
    if (item.children) {
      const inner = routeAccess(id, item.children);
      if (inner) return inner;
    }
  }
  return undefined;
}
