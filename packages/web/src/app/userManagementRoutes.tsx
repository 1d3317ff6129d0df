import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound';
import { handle, lazyPage } from './lazyPage';
import { routeAccess } from './menu';

const access = () => routeAccess('settings-users');

/**
 * Settings → User Management (platform §2, features §2.6): users, group, permissions and
 * access-groups (restriction groups), all behind settings.getusers.
 */
export const userManagementRoute: RouteObject = {
  path: 'user-management',
  handle: handle({ access: access() }),
  children: [
    { index: true, element: <Navigate to="users" replace /> },
    {
      path: 'users',
      lazy: lazyPage(() => import('../features/user-management/pages/UsersPage')),
      handle: handle({ title: 'Users', access: access() }),
    },
    {
      path: 'group',
      lazy: lazyPage(() => import('../features/user-management/pages/GroupsPage')),
      handle: handle({ title: 'Groups', access: access() }),
    },
    {
      path: 'permissions',
      lazy: lazyPage(() => import('../features/user-management/pages/PermissionsPage')),
      handle: handle({ title: 'Permissions', access: access() }),
    },
    {
      path: 'access-groups',
      lazy: lazyPage(() => import('../features/user-management/pages/RestrictionGroupsPage')),
      handle: handle({ title: 'Restriction Groups', access: access() }),
    },
    {
      path: 'user-types',
      lazy: lazyPage(() => import('../features/user-management/pages/UserTypesPage')),
      handle: handle({ title: 'User Types', access: access() }),
    },
    {
      path: 'support-access',
      lazy: lazyPage(() => import('../features/user-management/pages/SupportAccessPage')),
      handle: handle({ title: 'Support Access', access: access() }),
    },
    { path: '*', element: <NotFound />, handle: handle({ title: 'Not found' }) },
  ],
};
