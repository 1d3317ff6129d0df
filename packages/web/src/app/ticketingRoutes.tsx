import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

const profilesAccess = routeAccess('ticketing-profiles');

/** `/app/ticketing` (platform §2): profiles (list, create, edit/{profileId}), rules, subjects, issues. */
export const ticketingRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="profiles" replace /> },
  {
    path: 'profiles',
    lazy: lazyPage(() => import('../features/ticketing/pages/ProfilesPage')),
    handle: handle({ title: 'Ticket Profiles', access: profilesAccess }),
  },
  {
    path: 'profiles/create',
    lazy: lazyPage(() => import('../features/ticketing/pages/ProfileEditPage')),
    handle: handle({ title: 'Create Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'profiles/edit/:profileId',
    lazy: lazyPage(() => import('../features/ticketing/pages/ProfileEditPage')),
    handle: handle({ title: 'Edit Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'rules',
    lazy: lazyPage(() => import('../features/ticketing/pages/RulesPage')),
    handle: handle({ title: 'Ticket Rules', access: routeAccess('ticketing-rules') }),
  },
  {
    path: 'subjects',
    lazy: lazyPage(() => import('../features/ticketing/pages/SubjectsPage')),
    handle: handle({ title: 'Global Ticket Subjects', access: routeAccess('ticketing-subjects') }),
  },
  {
    path: 'issues',
    lazy: lazyPage(() => import('../features/ticketing/pages/IssuesPage')),
    handle: handle({ title: 'Ticket Issues', access: routeAccess('ticketing-issues') }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];

/** Window routes under /window/ticketing (platform §2). */
export const ticketingWindowRoutes: RouteObject[] = [
  {
    path: 'create-profile',
    lazy: lazyPage(() => import('../features/ticketing/pages/ProfileWindowPage')),
    handle: handle({ title: 'Create Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'edit-profile/:profileId',
    lazy: lazyPage(() => import('../features/ticketing/pages/ProfileWindowPage')),
    handle: handle({ title: 'Edit Ticket Profile', access: profilesAccess }),
  },
  {
    path: 'edit-rule/:ruleId',
    lazy: lazyPage(() => import('../features/ticketing/pages/RuleWindowPage')),
    handle: handle({ title: 'Ticket Rule', access: routeAccess('ticketing-rules') }),
  },
  { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
];
