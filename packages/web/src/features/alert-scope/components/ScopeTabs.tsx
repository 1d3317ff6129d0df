import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

const TABS = [
  { path: '/alert-scope/alert-emails', label: 'Alert e-mails' },
  { path: '/alert-scope/labels', label: 'NER labels' },
  { path: '/alert-scope/classifications', label: 'Classifications' },
  { path: '/alert-scope/model', label: 'Model' },
];

/** The Alert Scope screens, one tab each. */
export function ScopeTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(t.path))?.path ?? false;
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Alert Scope"
      sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((t) => (
        <Tab key={t.path} value={t.path} label={t.label} component={RouterLink} to={t.path} />
      ))}
    </Tabs>
  );
}
