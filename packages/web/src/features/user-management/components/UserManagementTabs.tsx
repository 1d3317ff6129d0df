import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';

const TABS = [
  { path: '/app/settings/user-management/users', label: 'Users' },
  { path: '/app/settings/user-management/group', label: 'Groups' },
  { path: '/app/settings/user-management/permissions', label: 'Permissions' },
  { path: '/app/settings/user-management/access-groups', label: 'Restriction Groups' },
  { path: '/app/settings/user-management/user-types', label: 'User Types' },
  { path: '/app/settings/user-management/support-access', label: 'Support Access' },
];

/** The tab bar of User Management: the tab whose path prefixes the location is highlighted (features §2.6). */
export function UserManagementTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(t.path)) ?? TABS[0];
  return (
    <Tabs
      value={current.path}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="User management"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((t) => (
        <Tab key={t.path} value={t.path} label={t.label} component={Link} to={t.path} />
      ))}
    </Tabs>
  );
}
