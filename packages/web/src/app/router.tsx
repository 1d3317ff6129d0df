import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { Privilege } from '@vigil/contract';
import { LoadingBackdrop } from '../components/LoadingBackdrop';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { WindowManagerProvider } from '../components/WindowManagerProvider';
import LoginPage from '../features/auth/pages/LoginPage';
import LogoutPage from '../features/auth/pages/LogoutPage';
import RecoverPage from '../features/auth/pages/RecoverPage';
import RouterLoginPage from '../features/auth/pages/RouterLoginPage';
import SetPasswordPage from '../features/auth/pages/SetPasswordPage';
import NavigatePage from '../features/home/pages/NavigatePage';
import { AuthLayout } from './AuthLayout';
import { AccessGuard, APP_ROOT, DefaultRedirect, LoginOnly, RequireAuth } from './guards';
import { routeAccess } from './menu';
import { PlainLayout } from './PlainLayout';
import { RootLayout } from './RootLayout';
import { handle, lazyPage } from './lazyPage';
import { manageRoutes, manageWindowRoutes } from '../features/manage/routes';
import { scheduledRoutes, scheduledWindowRoutes } from '../features/reporting/scheduled/routes';
import { userManagementRoute } from '../features/user-management/routes';
import { ticketingRoutes, ticketingWindowRoutes } from '../features/ticketing/routes';
import { LightTheme } from '../features/reporting/components/LightTheme';
import { SessionGate } from './session';
import { AppShell } from './shell/AppShell';
import { WindowLayout } from './WindowLayout';

/** Signed-in areas load the session (permissions, settings) once, then check route access. */
function SignedIn({ shell }: { shell: 'app' | 'window' | 'plain' }) {
  return (
    <SessionGate>
      <WindowManagerProvider>
        {shell === 'app' ? <AppShell /> : shell === 'window' ? <WindowLayout /> : <PlainLayout />}
      </WindowManagerProvider>
    </SessionGate>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingBackdrop />,
    children: [
      { index: true, element: <Navigate to={APP_ROOT} replace /> },
      {
        path: 'page',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            element: <LoginOnly />,
            children: [
              { path: 'login', element: <LoginPage />, handle: handle({ title: 'Sign in' }) },
              { path: 'routerLogin', element: <RouterLoginPage />, handle: handle({ title: 'Sign in' }) },
              ...['signup', 'signup/:reseller'].map((path) => ({
                path,
                lazy: lazyPage(() => import('../features/signup/pages/SignupPage')),
                handle: handle({ title: 'Sign up' }),
              })),
            ],
          },
          // A reset link works even in a browser where someone is signed in.
          { path: 'recover', element: <RecoverPage />, handle: handle({ title: 'Reset password' }) },
          // The confirmation link of a sign-up (and, without a token, asking for a new one).
          ...['confirm-email', 'confirm-email/:token'].map((path) => ({
            path,
            lazy: lazyPage(() => import('../features/signup/pages/ConfirmEmailPage')),
            handle: handle({ title: 'Confirm e-mail' }),
          })),
          { path: 'setPassword/:token', element: <SetPasswordPage />, handle: handle({ title: 'Set password' }) },
          { path: 'logout', element: <LogoutPage />, handle: handle({ title: 'Log out' }) },
          { path: '*', element: <Navigate to="login" replace /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'app',
            element: <SignedIn shell="app" />,
            children: [
              {
                element: <AccessGuard />,
                children: [
                  { index: true, element: <DefaultRedirect /> },
                  {
                    path: 'dashboard',
                    lazy: lazyPage(() => import('../features/dashboard/pages/DashboardPage')),
                    handle: handle({ title: 'Dashboard', access: routeAccess('dashboard') }),
                  },
                  {
                    path: 'navigate',
                    element: <NavigatePage />,
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
                      // Features §2.6: areas psa, backup, other and mailboxes; psa and mailboxes are built so far.
                      { index: true, element: <Navigate to="mailboxes" replace /> },
                      {
                        path: 'psa',
                        lazy: lazyPage(() => import('../features/integration/pages/PsaPage')),
                        handle: handle({ title: 'PSA Integration', access: routeAccess('integration-psa') }),
                      },
                      {
                        path: 'mailboxes',
                        lazy: lazyPage(() => import('../features/integration/pages/MailboxesPage')),
                        handle: handle({ title: 'Mailboxes', access: routeAccess('integration-mailboxes') }),
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
                    path: 'profile',
                    lazy: lazyPage(() => import('../features/profile/pages/ProfilePage')),
                    handle: handle({ title: 'Profile' }),
                  },
                  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
                ],
              },
            ],
          },
          {
            path: 'admin',
            element: <SignedIn shell="app" />,
            handle: handle({ access: routeAccess('admin') ?? { privilege: Privilege.allAdmins } }),
            children: [
              {
                element: <AccessGuard />,
                children: [
                  { index: true, element: <Navigate to="tenants" replace /> },
                  {
                    path: 'tenants',
                    lazy: lazyPage(() => import('../features/admin/pages/TenantsPage')),
                    handle: handle({ title: 'Tenants' }),
                  },
                  {
                    path: 'coupons',
                    lazy: lazyPage(() => import('../features/signup/pages/CouponsPage')),
                    handle: handle({ title: 'Coupons', access: routeAccess('admin-coupons') }),
                  },
                  {
                    path: 'resellers',
                    lazy: lazyPage(() => import('../features/signup/pages/ResellersPage')),
                    handle: handle({ title: 'Resellers', access: routeAccess('admin-resellers') }),
                  },
                  {
                    path: 'parsing',
                    lazy: lazyPage(() => import('../features/admin/pages/ParsingPage')),
                    handle: handle({ title: 'Parsing' }),
                  },
                  {
                    path: 'future-flags',
                    lazy: lazyPage(() => import('../features/admin/pages/FeatureFlagsPage')),
                    handle: handle({ title: 'Feature flags' }),
                  },
                  {
                    path: 'user-login-activities',
                    lazy: lazyPage(() => import('../features/admin/pages/LoginActivitiesPage')),
                    handle: handle({ title: 'Login activity' }),
                  },
                  {
                    path: 'outbox',
                    lazy: lazyPage(() => import('../features/admin/pages/OutboxPage')),
                    handle: handle({ title: 'Outbox' }),
                  },
                  {
                    path: 'messages',
                    lazy: lazyPage(() => import('../features/messages/pages/MessagesPage')),
                    handle: handle({ title: 'Messages', access: routeAccess('admin-messages') }),
                  },
                  {
                    path: 'insights',
                    lazy: lazyPage(() => import('../features/admin/pages/AdminInsightsPage')),
                    handle: handle({ title: 'Insights' }),
                  },
                  {
                    path: 'dashboard-layouts',
                    lazy: lazyPage(() => import('../features/admin/pages/DashboardLayoutsPage')),
                    handle: handle({ title: 'Dashboard Layouts' }),
                  },
                  {
                    path: 'administrators',
                    lazy: lazyPage(() => import('../features/admin-portal/pages/AdministratorsPage')),
                    handle: handle({ title: 'Administrators' }),
                  },
                  {
                    path: 'statistics',
                    lazy: lazyPage(() => import('../features/admin-portal/pages/StatisticsPage')),
                    handle: handle({ title: 'Statistics' }),
                  },
                  {
                    path: 'functions',
                    lazy: lazyPage(() => import('../features/admin-portal/pages/FunctionsPage')),
                    handle: handle({ title: 'Functions' }),
                  },
                  {
                    path: 'error-logs',
                    lazy: lazyPage(() => import('../features/admin-portal/pages/ErrorLogsPage')),
                    handle: handle({ title: 'Error Logs' }),
                  },
                  { path: '*', element: <NotFound homePath="/admin" />, handle: handle({ title: 'Not found' }) },
                ],
              },
            ],
          },
          {
            // Popup windows (features §4.6): no shell. Window screens slot in as children.
            path: 'window',
            element: <SignedIn shell="window" />,
            children: [
              {
                element: <AccessGuard />,
                children: [
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
                    children: [
                      ...scheduledWindowRoutes,
                      { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
                    ],
                  },
                  {
                    // Admin window (platform §2): billing/{storageKey}, a tenant's manage-plan window.
                    path: 'admin/billing/:storageKey',
                    lazy: lazyPage(() => import('../features/admin-portal/pages/BillingWindowPage')),
                    handle: handle({ title: 'Manage plan', access: { privilege: Privilege.billingAdminOrHigher } }),
                  },
                  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
                ],
              },
            ],
          },
          {
            // The report window (features §2.5): forced to the light theme, page and all.
            path: 'window/reporting/generate',
            element: (
              <LightTheme page>
                <SignedIn shell="window" />
              </LightTheme>
            ),
            children: [
              {
                element: <AccessGuard />,
                children: [
                  {
                    path: ':reportType/:storageKey',
                    lazy: lazyPage(() => import('../features/reporting/pages/ReportWindowPage')),
                    handle: handle({ title: 'Report', access: routeAccess('reporting-on-demand') }),
                  },
                  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
                ],
              },
            ],
          },
          {
            path: 'wizard',
            element: <SignedIn shell="plain" />,
            children: [
              {
                element: <AccessGuard />,
                children: [{ path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) }],
              },
            ],
          },
        ],
      },
      // A shared dashboard (platform §2 public route dashboard-share): full width, the tenant's own
      // header. Links made by the API point at /dashboard-share, so that address opens it too.
      ...['public/dashboard-share', 'dashboard-share'].map((path) => ({
        path,
        lazy: lazyPage(() => import('../features/dashboard/pages/SharedDashboardPage')),
        handle: handle({ title: 'Shared dashboard' }),
      })),
      {
        // Public pages (unsubscribe, shared dashboards) need no sign-in.
        path: 'public',
        element: <PlainLayout />,
        children: [
          {
            path: 'unsubscribe/:type',
            lazy: lazyPage(() => import('../features/signup/pages/UnsubscribePage')),
            handle: handle({ title: 'Unsubscribe' }),
          },
          { path: '*', element: <NotFound homePath="/page/login" />, handle: handle({ title: 'Not found' }) },
        ],
      },
      { path: '*', element: <Navigate to={APP_ROOT} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
