import { Privilege } from '@vigil/contract';
import { canAccess, type Access, type AccessContext } from '../lib/access';
import { adminMenu } from './menuAdmin';
import { alertScopeMenu } from './menuAlerts';
import type { MenuItem, UserMenuItem } from './menuItem';
import { manageMenu } from './menuManage';
import { settingsMenu } from './menuSettings';

export type { MenuIcon, MenuItem, UserMenuItem } from './menuItem';

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
    // Platform §2 hides Audit when the backup-plans flag is on and the backup-plans setting is off.
    id: 'audit',
    title: 'Audit',
    icon: 'audit',
    path: '/app/audit',
    privilege: Privilege.tenantUsers,
    permissions: ['audit.getAudit'],
    when: (ctx) => !(ctx.flags.brBackupPlans && ctx.backupPlansOn === false),
  },
  {
    id: 'daily-activity',
    title: 'Daily Activity',
    icon: 'dailyActivity',
    path: '/app/daily-activity',
    privilege: Privilege.tenantAdminOrStandard,
    permissions: ['dailyactivity.getDailyBackups'],
  },
  manageMenu,
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
    // Features §2.1: PSA Integration, Backup Integrations, Other (IT Glue), Mailboxes.
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
        id: 'integration-backup',
        title: 'Backup Integrations',
        icon: 'integration',
        path: '/app/integration/backup',
        permissions: ['integration.getbackupintegrations'],
      },
      {
        id: 'integration-other',
        title: 'Other',
        icon: 'integration',
        path: '/app/integration/other',
        permissions: ['integration.getbackupintegrations'],
      },
      {
        id: 'integration-mailboxes',
        title: 'Mailboxes',
        icon: 'mailboxes',
        path: '/app/integration/mailboxes',
        permissions: ['integration.gettenantmailboxes'],
      },
      {
        id: 'integration-parsers',
        title: 'Parsers',
        icon: 'parsing',
        path: '/app/integration/parsers',
        // Taught from e-mails in Mailboxes: staff who may view them.
        privilege: Privilege.tenantAdminOrStandard,
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
  settingsMenu,
  {
    // Platform §2: Support follows Settings; its ticket needs support.createsupportticket.
    id: 'support',
    title: 'Support',
    icon: 'support',
    path: '/app/support',
    privilege: Privilege.tenantUsers,
    permissions: ['support.createsupportticket'],
  },
  ...alertScopeMenu,
  adminMenu,
];

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
    if (item.notLanding) continue;
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
