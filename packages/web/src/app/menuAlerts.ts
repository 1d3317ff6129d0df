import { hasPrivilege, Privilege } from '@vigil/contract';
import type { MenuItem } from './menuItem';

/**
 * Alert Scope (platform §2): one menu entry. Platform admins reach the alert-scope segment (every
 * tenant's alert e-mails, labels and the model); tenant users with the brAlertRadar flag reach
 * their own alert e-mails at /app/alerts-alpha. Only one of the two shows (docs/decisions.md).
 */
export const alertScopeMenu: MenuItem[] = [
  {
    id: 'alerts-alpha',
    title: 'Alert Scope',
    icon: 'alerts',
    path: '/app/alerts-alpha',
    // The alert-radar calls answer tenant admins and standard users.
    privilege: Privilege.tenantAdminOrStandard,
    flag: 'brAlertRadar',
    when: (ctx) => !hasPrivilege(ctx.privileges, Privilege.allAdmins),
  },
  {
    id: 'alert-scope',
    title: 'Alert Scope',
    icon: 'alerts',
    path: '/alert-scope',
    privilege: Privilege.allAdmins,
    // Platform admins still land on the Admin Portal.
    notLanding: true,
  },
];
