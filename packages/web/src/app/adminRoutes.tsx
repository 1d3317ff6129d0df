import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

/** The Admin Portal screens under /admin (platform §2). */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="tenants" replace /> },
  {
    path: 'tenants',
    lazy: lazyPage(() => import('../features/admin-portal/pages/TenantsPage')),
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
    // Plans and every tenant's subscription (platform §2 admin route billing).
    path: 'billing',
    lazy: lazyPage(() => import('../features/admin-portal/pages/AdminBillingPage')),
    handle: handle({ title: 'Billing', access: routeAccess('admin-billing') }),
  },
  {
    path: 'parsing',
    lazy: lazyPage(() => import('../features/admin-portal/pages/ParsingPage')),
    handle: handle({ title: 'Parsing' }),
  },
  {
    path: 'future-flags',
    lazy: lazyPage(() => import('../features/admin-portal/pages/FeatureFlagsPage')),
    handle: handle({ title: 'Feature flags' }),
  },
  {
    path: 'user-login-activities',
    lazy: lazyPage(() => import('../features/admin-portal/pages/LoginActivitiesPage')),
    handle: handle({ title: 'Login activity' }),
  },
  {
    path: 'outbox',
    lazy: lazyPage(() => import('../features/admin-portal/pages/OutboxPage')),
    handle: handle({ title: 'Outbox' }),
  },
  {
    path: 'messages',
    lazy: lazyPage(() => import('../features/messages/pages/MessagesPage')),
    handle: handle({ title: 'Messages', access: routeAccess('admin-messages') }),
  },
  {
    path: 'insights',
    lazy: lazyPage(() => import('../features/admin-portal/pages/AdminInsightsPage')),
    handle: handle({ title: 'Insights' }),
  },
  {
    path: 'dashboard-layouts',
    lazy: lazyPage(() => import('../features/admin-portal/pages/DashboardLayoutsPage')),
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
];
