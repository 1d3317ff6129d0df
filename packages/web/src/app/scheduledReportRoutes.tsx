import type { RouteObject } from 'react-router';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

/** `/app/reporting/scheduled`. */
export const scheduledRoutes: RouteObject[] = [
  {
    path: 'scheduled',
    lazy: lazyPage(() => import('../features/reporting/scheduled/ScheduledReportsPage')),
    handle: handle({ title: 'Scheduled Reports', access: routeAccess('reporting-scheduled') }),
  },
];

/** Window routes under /window/reporting (platform §2): the scheduled-report editors. */
export const scheduledWindowRoutes: RouteObject[] = [
  ['scheduled/create', 'New Scheduled Report'],
  ['scheduled/edit/:reportId', 'Edit Scheduled Report'],
  ['scheduled/copy/:copyReportId', 'Copy Scheduled Report'],
].map(([path, title]) => ({
  path,
  lazy: lazyPage(() => import('../features/reporting/scheduled/ScheduledReportWindowPage')),
  handle: handle({ title, access: routeAccess('reporting-scheduled') }),
}));
