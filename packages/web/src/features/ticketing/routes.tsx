import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { handle, lazyPage } from '../../app/lazyPage';
import { routeAccess } from '../../app/menu';

const profilesAccess = routeAccess('ticketing-profiles');

/** `/app/ticketing` (platform §2): profiles (list, create, edit/{profileId}), rules, subjects, issues. */
export const ticketingRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="profiles" replace /> },
  {
    path: 'profiles',
    lazy: lazyPage(() => import('./pages/ProfilesPage')),
    handle: handle({ title: 'Ticket Profiles', access: profilesAccess }),
  },
  {
    path: 'profiles/create',
    lazy: lazyPage(() => import('./pages/ProfileEditPage')),
    handle: handle({ title: 'Create Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'profiles/edit/:profileId',
    lazy: lazyPage(() => import('./pages/ProfileEditPage')),
    handle: handle({ title: 'Edit Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'rules',
    lazy: lazyPage(() => import('./pages/RulesPage')),
    handle: handle({ title: 'Ticket Rules', access: routeAccess('ticketing-rules') }),
  },
  {
    path: 'subjects',
    lazy: lazyPage(() => import('./pages/SubjectsPage')),
    handle: handle({ title: 'Global Ticket Subjects', access: routeAccess('ticketing-subjects') }),
  },
  {
    path: 'issues',
    lazy: lazyPage(() => import('./pages/IssuesPage')),
    handle: handle({ title: 'Ticket Issues', access: routeAccess('ticketing-issues') }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];

/** Window routes under /window/ticketing (platform §2). */
export const ticketingWindowRoutes: RouteObject[] = [
  {
    path: 'create-profile',
    lazy: lazyPage(() => import('./pages/ProfileWindowPage')),
    handle: handle({ title: 'Create Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'edit-profile/:profileId',
    lazy: lazyPage(() => import('./pages/ProfileWindowPage')),
    handle: handle({ title: 'Edit Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'edit-rule/:ruleId',
    lazy: lazyPage(() => import('./pages/RuleWindowPage')),
    handle: handle({ title: 'Ticket Rule', access: routeAccess('ticketing-rules') }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
