import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

/**
 * Manage sub-routes (platform §2: overview, edit-backups, activate-backups, retire-backups,
 * backup-plans, templates, companies, schedules, activity-logs) under /app/manage. Each screen
 * adds its route here and its entry to the Manage menu group (app/menu.ts) together.
 */
export const manageRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="overview" replace /> },
  {
    path: 'overview',
    lazy: lazyPage(() => import('../features/manage/pages/OverviewPage')),
    handle: handle({ title: 'Overview', access: routeAccess('manage-overview') }),
  },
  {
    path: 'activate-backups',
    lazy: lazyPage(() => import('../features/manage/pages/ActivateBackupsPage')),
    handle: handle({ title: 'Activate Backups', access: routeAccess('manage-activate-backups') }),
  },
  {
    path: 'edit-backups',
    lazy: lazyPage(() => import('../features/manage/pages/EditBackupsPage')),
    handle: handle({ title: 'Edit Backups', access: routeAccess('manage-edit-backups') }),
  },
  {
    path: 'retire-backups',
    lazy: lazyPage(() => import('../features/manage/pages/RetireBackupsPage')),
    handle: handle({ title: 'Retired Backups', access: routeAccess('manage-retire-backups') }),
  },
  {
    path: 'templates',
    handle: handle({ access: routeAccess('manage-templates') }),
    children: [
      {
        index: true,
        lazy: lazyPage(() => import('../features/manage/pages/TemplatesPage')),
        handle: handle({ title: 'Templates' }),
      },
      {
        path: 'rules/:templateId',
        lazy: lazyPage(() => import('../features/manage/pages/TemplateRulesPage')),
        handle: handle({ title: 'Template Rules' }),
      },
    ],
  },
  {
    path: 'backup-plans',
    lazy: lazyPage(() => import('../features/manage/pages/BackupPlansPage')),
    handle: handle({ title: 'Backup Plans', access: routeAccess('manage-backup-plans') }),
  },
  {
    path: 'schedules',
    lazy: lazyPage(() => import('../features/manage/pages/SchedulesPage')),
    handle: handle({ title: 'Schedules', access: routeAccess('manage-schedules') }),
  },
  {
    path: 'activity-logs',
    lazy: lazyPage(() => import('../features/manage/pages/ActivityLogsPage')),
    handle: handle({ title: 'Activity Logs', access: routeAccess('manage-activity-logs') }),
  },
  {
    path: 'companies',
    lazy: lazyPage(() => import('../features/manage/pages/CompaniesPage')),
    handle: handle({ title: 'Companies', access: routeAccess('manage-companies') }),
  },
  {
    path: 'companies/rules/:companyId',
    lazy: lazyPage(() => import('../features/manage/pages/CompanyRulesPage')),
    handle: handle({ title: 'Company rules', access: routeAccess('manage-companies') }),
  },
  {
    // Platform §2: backup-client with sub-routes existed and integrations.
    path: 'companies/backup-client',
    lazy: lazyPage(() => import('../features/manage/pages/BackupClientLayout')),
    handle: handle({ title: 'Client IDs', access: routeAccess('manage-companies') }),
    children: [
      { index: true, element: <Navigate to="existed" replace /> },
      {
        path: 'existed',
        lazy: lazyPage(() => import('../features/manage/pages/CompanyClientsPage')),
        handle: handle({ title: 'Client IDs' }),
      },
      {
        path: 'integrations',
        lazy: lazyPage(() => import('../features/manage/pages/CompanyIntegrationsPage')),
        handle: handle({
          title: 'Backups from integrations',
          access: { permissions: ['integration.getbackupintegrations'] },
        }),
      },
      { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
    ],
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];

/** Manage window routes (platform §2) under /window/manage. */
export const manageWindowRoutes: RouteObject[] = [
  {
    path: 'templates/edit/:templateId',
    lazy: lazyPage(() => import('../features/manage/pages/TemplateEditWindowPage')),
    handle: handle({ title: 'Edit Template', access: routeAccess('manage-templates') }),
  },
  {
    path: 'policy/edit/:policyId/:withDefaults/:activate',
    lazy: lazyPage(() => import('../features/manage/pages/PolicyEditWindowPage')),
    handle: handle({ title: 'Edit Backup', access: routeAccess('manage-edit-backups') }),
  },
  {
    path: 'policies/edit/:storageKey/:activate',
    lazy: lazyPage(() => import('../features/manage/pages/PolicyEditWindowPage')),
    handle: handle({ title: 'Edit Backups', access: routeAccess('manage-edit-backups') }),
  },
  {
    path: 'templates/policy',
    lazy: lazyPage(() => import('../features/manage/pages/TemplatePolicyWindowPage')),
    handle: handle({ title: 'Template policy', access: routeAccess('manage-templates') }),
  },
  {
    path: 'companies/apply',
    lazy: lazyPage(() => import('../features/manage/pages/CompanyApplyWindowPage')),
    handle: handle({ title: 'Apply company rules', access: routeAccess('manage-companies') }),
  },
  {
    path: 'companies/backup-client/apply',
    lazy: lazyPage(() => import('../features/manage/pages/CompanyApplyWindowPage')),
    handle: handle({ title: 'Apply client ID mappings', access: routeAccess('manage-companies') }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
