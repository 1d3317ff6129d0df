import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { manageRoutes } from './manageRoutes';
import { scheduledRoutes } from './scheduledReportRoutes';
import { ticketingRoutes } from './ticketingRoutes';
import { userManagementRoute } from './userManagementRoutes';
import { DefaultRedirect } from './guards';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

/** The tenant screens under /app (platform §2), in the order of the main menu. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <DefaultRedirect /> },
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('../features/dashboard/pages/DashboardPage')),
    handle: handle({ title: 'Dashboard', access: routeAccess('dashboard') }),
  },
  {
    path: 'navigate',
    lazy: lazyPage(() => import('../features/home/pages/NavigatePage')),
    handle: handle({ title: 'Home', access: routeAccess('home') }),
  },
  {
    path: 'audit',
    lazy: lazyPage(() => import('../features/audit/pages/AuditPage')),
    handle: handle({ title: 'Audit', access: routeAccess('audit') }),
  },
  {
    path: 'daily-activity',
    lazy: lazyPage(() => import('../features/daily-activity/pages/DailyActivityPage')),
    handle: handle({ title: 'Daily Activity', access: routeAccess('daily-activity') }),
  },
  {
    path: 'manage',
    handle: handle({ access: routeAccess('manage') }),
    children: manageRoutes,
  },
  {
    // Tickets (platform §2): profiles, rules, subjects, issues.
    path: 'ticketing',
    handle: handle({ access: routeAccess('ticketing') }),
    children: ticketingRoutes,
  },
  {
    // Reporting (platform §2): on-demand and scheduled.
    path: 'reporting',
    handle: handle({ access: routeAccess('reporting') }),
    children: [
      { index: true, element: <Navigate to="on-demand" replace /> },
      {
        path: 'on-demand',
        lazy: lazyPage(() => import('../features/reporting/pages/OnDemandPage')),
        handle: handle({ title: 'On Demand', access: routeAccess('reporting-on-demand') }),
      },
      {
        // The report window inside the app: small screens and blocked popups.
        path: 'on-demand/generate/:reportType/:storageKey',
        lazy: lazyPage(() => import('../features/reporting/pages/ReportWindowPage')),
        handle: handle({ title: 'Report', access: routeAccess('reporting-on-demand') }),
      },
      ...scheduledRoutes,
      { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
    ],
  },
  {
    // Settings (platform §2): each sub-route joins as its screen is built.
    path: 'settings',
    handle: handle({ access: routeAccess('settings') }),
    children: [
      { index: true, element: <Navigate to="tags" replace /> },
      {
        path: 'api',
        lazy: lazyPage(() => import('../features/settings/pages/ApiKeysPage')),
        handle: handle({ title: 'API Keys', access: routeAccess('settings-api') }),
      },
      {
        path: 'branding',
        lazy: lazyPage(() => import('../features/settings/pages/BrandingPage')),
        handle: handle({ title: 'Branding', access: routeAccess('settings-branding') }),
      },
      {
        path: 'tenant',
        lazy: lazyPage(() => import('../features/settings/pages/TenantPage')),
        handle: handle({ title: 'Tenant', access: routeAccess('settings-tenant') }),
      },
      {
        path: 'tags',
        lazy: lazyPage(() => import('../features/settings/pages/TagsPage')),
        handle: handle({ title: 'Tags', access: routeAccess('settings-tags') }),
      },
      {
        path: 'email',
        lazy: lazyPage(() => import('../features/settings/pages/SmtpPage')),
        handle: handle({ title: 'SMTP', access: routeAccess('settings-email') }),
      },
      {
        path: 'billing',
        lazy: lazyPage(() => import('../features/billing/pages/BillingPage')),
        handle: handle({ title: 'Billing', access: routeAccess('settings-billing') }),
      },
      {
        path: 'invoices',
        lazy: lazyPage(() => import('../features/billing/pages/InvoicesPage')),
        handle: handle({ title: 'Invoices', access: routeAccess('settings-invoices') }),
      },
      {
        path: 'status',
        lazy: lazyPage(() => import('../features/settings/pages/SystemStatusPage')),
        handle: handle({ title: 'System status', access: routeAccess('settings-status') }),
      },
      userManagementRoute,
      { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
    ],
  },
  {
    path: 'integration',
    handle: handle({ access: routeAccess('integration') }),
    children: [
      // Features §2.6: areas psa, backup, other and mailboxes.
      { index: true, element: <Navigate to="mailboxes" replace /> },
      {
        path: 'psa',
        lazy: lazyPage(() => import('../features/integration/pages/PsaPage')),
        handle: handle({ title: 'PSA Integration', access: routeAccess('integration-psa') }),
      },
      {
        path: 'backup',
        lazy: lazyPage(() => import('../features/integration/pages/BackupIntegrationsPage')),
        handle: handle({ title: 'Backup Integrations', access: routeAccess('integration-backup') }),
      },
      {
        path: 'backup/:type',
        lazy: lazyPage(() => import('../features/integration/pages/BackupSourcesPage')),
        handle: handle({ title: 'Backup Integrations', access: routeAccess('integration-backup') }),
      },
      {
        path: 'backup/:type/:id',
        lazy: lazyPage(() => import('../features/integration/pages/BackupSourceEditPage')),
        handle: handle({ title: 'Backup source', access: routeAccess('integration-backup') }),
      },
      {
        path: 'other',
        lazy: lazyPage(() => import('../features/other-integrations/pages/OtherIntegrationsPage')),
        handle: handle({ title: 'Other', access: routeAccess('integration-other') }),
      },
      {
        path: 'other/:type',
        lazy: lazyPage(() => import('../features/other-integrations/pages/ItGlueConnectionsPage')),
        handle: handle({ title: 'IT Glue', access: routeAccess('integration-other') }),
      },
      {
        path: 'other/:type/:id',
        lazy: lazyPage(() => import('../features/other-integrations/pages/ItGlueEditPage')),
        handle: handle({ title: 'IT Glue', access: routeAccess('integration-other') }),
      },
      {
        path: 'mailboxes',
        lazy: lazyPage(() => import('../features/integration/pages/MailboxesPage')),
        handle: handle({ title: 'Mailboxes', access: routeAccess('integration-mailboxes') }),
      },
      {
        path: 'parsers',
        lazy: lazyPage(() => import('../features/parsers/pages/ParsersPage')),
        handle: handle({ title: 'Parsers', access: routeAccess('integration-parsers') }),
      },
      {
        path: 'parsers/:id',
        lazy: lazyPage(() => import('../features/parsers/pages/ParserBuilderPage')),
        handle: handle({ title: 'Parser builder', access: routeAccess('integration-parsers') }),
      },
      { path: '*', element: <Navigate to="mailboxes" replace /> },
    ],
  },
  {
    // Insights (platform §2): overview and {insightType} (list).
    path: 'insights',
    handle: handle({ access: routeAccess('insights') }),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      {
        path: 'overview',
        lazy: lazyPage(() => import('../features/insights/pages/InsightsOverviewPage')),
        handle: handle({ title: 'Insights' }),
      },
      {
        path: ':insightType',
        lazy: lazyPage(() => import('../features/insights/pages/InsightListPage')),
        handle: handle({ title: 'Insights', access: { permissions: ['insight.getInsightDetails'] } }),
      },
    ],
  },
  {
    path: 'support',
    lazy: lazyPage(() => import('../features/support/pages/SupportPage')),
    handle: handle({ title: 'Support', access: routeAccess('support') }),
  },
  {
    // Alert Radar (platform §2 alerts-alpha): the tenant's alert e-mails and one of them.
    path: 'alerts-alpha',
    handle: handle({ access: routeAccess('alerts-alpha') }),
    children: [
      {
        index: true,
        lazy: lazyPage(() => import('../features/alert-radar/pages/AlertEmailsPage')),
        handle: handle({ title: 'Alert e-mails' }),
      },
      {
        path: ':id',
        lazy: lazyPage(() => import('../features/alert-radar/pages/AlertEmailPage')),
        handle: handle({ title: 'Alert e-mail' }),
      },
    ],
  },
  {
    // Developer pages (platform §2): the icon and component galleries, in both themes.
    path: 'icons',
    lazy: lazyPage(() => import('./developer/IconsPage')),
    handle: handle({ title: 'Icons' }),
  },
  {
    path: 'components',
    lazy: lazyPage(() => import('./developer/ComponentsPage')),
    handle: handle({ title: 'Components' }),
  },
  {
    path: 'profile',
    lazy: lazyPage(() => import('../features/profile/pages/ProfilePage')),
    handle: handle({ title: 'Profile' }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
