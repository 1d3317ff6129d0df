import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { handle } from '../../app/lazyPage';

/**
 * Manage sub-routes (platform §2: overview, edit-backups, activate-backups, retire-backups,
 * backup-plans, templates, companies, schedules, activity-logs) under /app/manage. Each screen
 * adds its route here and its entry to the Manage menu group (app/menu.ts) together.
 */
export const manageRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/app" replace /> },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];

/** Manage window routes (platform §2) under /window/manage. */
export const manageWindowRoutes: RouteObject[] = [
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
