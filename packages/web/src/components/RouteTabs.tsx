import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { activeRouteTab, type RouteTab } from './routeTabs';

/**
 * A tab bar of sub-routes (features §2.6): highlights the tab whose path prefix-matches the
 * location, falls back to the first, and renders nothing when there is only one tab.
 */
export function RouteTabs({ tabs, label }: { tabs: readonly RouteTab[]; label: string }) {
  const { pathname } = useLocation();
  if (tabs.length <= 1) return null;
  const value = activeRouteTab(tabs, pathname);
  return (
    <Tabs
      value={value}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((t) => (
        <Tab key={t.path} label={t.label} component={RouterLink} to={t.path} />
      ))}
    </Tabs>
  );
}
