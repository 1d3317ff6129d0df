import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { handle, lazyPage } from './lazyPage';

/** The Alert Scope screens under /alert-scope (platform §2, §7 "Alert scope (admin)"). */
export const alertScopeRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="alert-emails" replace /> },
  {
    path: 'alert-emails',
    lazy: lazyPage(() => import('../features/alert-scope/pages/AdminAlertEmailsPage')),
    handle: handle({ title: 'Alert Scope' }),
  },
  {
    path: 'alert-emails/:tenantId/:emailUid',
    lazy: lazyPage(() => import('../features/alert-scope/pages/AdminAlertEmailPage')),
    handle: handle({ title: 'Alert e-mail' }),
  },
  {
    path: 'labels',
    lazy: lazyPage(() => import('../features/alert-scope/pages/NerLabelsPage')),
    handle: handle({ title: 'NER labels' }),
  },
  {
    path: 'classifications',
    lazy: lazyPage(() => import('../features/alert-scope/pages/ClassificationsPage')),
    handle: handle({ title: 'Classifications' }),
  },
  {
    path: 'model',
    lazy: lazyPage(() => import('../features/alert-scope/pages/ModelPage')),
    handle: handle({ title: 'Alert model' }),
  },
  { path: '*', element: <NotFound homePath="/alert-scope" />, handle: handle({ title: 'Not found' }) },
];
