import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { Privilege } from '@vigil/contract';
import { LoadingBackdrop } from '../components/LoadingBackdrop';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { AccessGuard, APP_ROOT, RequireAuth } from './guards';
import { routeAccess } from './menu';
import { PlainLayout } from './PlainLayout';
import { SignedIn } from './signedInLazy';
import { RootLayout } from './RootLayout';
import { handle, lazyPage } from './lazyPage';
import { LightTheme } from '../features/reporting/components/LightTheme';
import { adminRoutes } from './adminRoutes';
import { alertScopeRoutes } from './alertScopeRoutes';
import { appRoutes } from './appRoutes';
import { authRoutes } from './authRoutes';
import { windowRoutes } from './windowRoutes';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingBackdrop />,
    children: [
      { index: true, element: <Navigate to={APP_ROOT} replace /> },
      authRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'app',
            element: <SignedIn shell="app" />,
            children: [
              {
                element: <AccessGuard />,
                children: appRoutes,
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
                children: adminRoutes,
              },
            ],
          },
          {
            // Alert Scope (platform §2 top-level segment): platform admins' alert e-mails, labels, model.
            path: 'alert-scope',
            element: <SignedIn shell="app" />,
            handle: handle({ access: routeAccess('alert-scope') ?? { privilege: Privilege.allAdmins } }),
            children: [
              {
                element: <AccessGuard />,
                children: alertScopeRoutes,
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
                children: windowRoutes,
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
