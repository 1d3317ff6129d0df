import type { RouteObject } from 'react-router';
import { Privilege } from '@vigil/contract';
import { NotFound } from '../components/NotFound';
import { manageWindowRoutes } from './manageRoutes';
import { scheduledWindowRoutes } from './scheduledReportRoutes';
import { ticketingWindowRoutes } from './ticketingRoutes';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

/** Popup windows under /window (features §4.6), per area. */
export const windowRoutes: RouteObject[] = [
  {
    // Audit popups (platform §2): verify, remediate, restore, add, edit and view a result.
    path: 'audit',
    handle: handle({ access: routeAccess('audit') }),
    children: [
      ...[
        'verify-audit-result/:storageKey',
        'remediate-audit-result/:storageKey',
        'restore-audit-result/:storageKey',
        'add-result/:storageKey',
        'edit-result/:policyResultId/:storageKey',
        'view-result/:policyResultId/:storageKey',
      ].map((path) => ({
        path,
        lazy: lazyPage(() => import('../features/audit/pages/AuditWindowPage')),
        handle: handle({ title: 'Audit' }),
      })),
      {
        path: 'ticketing/:policyId',
        lazy: lazyPage(() => import('../features/audit/pages/TicketingWindowPage')),
        handle: handle({ title: 'Tickets' }),
      },
      { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
    ],
  },
  {
    // Manage popups (platform §2): backup, template and company editors.
    path: 'manage',
    handle: handle({ access: routeAccess('manage') }),
    children: manageWindowRoutes,
  },
  {
    // Ticketing popups (platform §2): create-profile, edit-profile, edit-rule.
    path: 'ticketing',
    handle: handle({ access: routeAccess('ticketing') }),
    children: ticketingWindowRoutes,
  },
  {
    // Reporting popups (platform §2): the scheduled-report editors.
    path: 'reporting',
    handle: handle({ access: routeAccess('reporting') }),
    children: [...scheduledWindowRoutes, { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) }],
  },
  {
    // Daily Activity in a pop-out window (platform §2 window routes).
    path: 'daily-activity',
    lazy: lazyPage(() => import('../features/daily-activity/pages/DailyActivityPage')),
    handle: handle({ title: 'Daily Activity', access: routeAccess('daily-activity') }),
  },
  {
    // Admin window (platform §2): billing/{storageKey}, a tenant's manage-plan window.
    path: 'admin/billing/:storageKey',
    lazy: lazyPage(() => import('../features/admin-portal/pages/BillingWindowPage')),
    handle: handle({ title: 'Manage plan', access: { privilege: Privilege.billingAdminOrHigher } }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
