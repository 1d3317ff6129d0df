import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { hasPrivilege, Privilege, type AuthorizedUser, type CommonSettings } from '@vigil/contract';
import type { AccessContext } from '../lib/access';
import type { StoredAuth } from '../lib/auth';
import { resolveErrorMessage } from '../lib/errors';
import { useAuth, useAuthorizedUser, useCommonSettings } from '../lib/queries';
import { LoadingBackdrop } from '../components/LoadingBackdrop';
import { Logo } from '../components/Logo';
import { defaultPath, filterMenu, mainMenu, type MenuItem } from './menu';
import { externalLinks } from './menuLinks';

export interface AppSession {
  auth: StoredAuth;
  user: AuthorizedUser;
  settings: CommonSettings;
  access: AccessContext;
  menu: MenuItem[];
  defaultPath: string;
}

const AppSessionContext = createContext<AppSession | null>(null);

/**
 * Where "/app" leads: the first permitted screen (platform §2), except that client users start on
 * their Home, which shows their companies (the dashboards are the provider's unless shared).
 */
function landingPath(menu: MenuItem[], auth: StoredAuth): string {
  const client = hasPrivilege(auth.privileges, Privilege.tenantClient);
  if (client && menu.some((m) => m.id === 'home')) return '/app/navigate';
  return defaultPath(menu);
}

/**
 * Loads the user context (permissions) and the tenant context (settings, flags) before the
 * signed-in screens render; until then the loading shell is shown (features §2.1).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const user = useAuthorizedUser();
  const settings = useCommonSettings();

  const value = useMemo<AppSession | null>(() => {
    if (!auth || !user.data || !settings.data) return null;
    const access: AccessContext = {
      permissions: user.data.Permissions,
      privileges: auth.privileges,
      flags: settings.data.FeatureFlags ?? {},
      backupPlansOn: settings.data.BackupPlansEnabled,
    };
    const menu = filterMenu([...mainMenu, ...externalLinks(settings.data)], access);
    return { auth, user: user.data, settings: settings.data, access, menu, defaultPath: landingPath(menu, auth) };
  }, [auth, user.data, settings.data]);

  const error = user.error ?? settings.error;
  if (!value && error) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Card sx={{ maxWidth: 440, width: '100%' }}>
          <CardContent sx={{ textAlign: 'center', p: 4 }}>
            <Box sx={{ display: 'inline-block', mb: 2 }}>
              <Logo size={48} />
            </Box>
            <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
              We could not load your workspace
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>{resolveErrorMessage(error)}</Typography>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
              <Button
                variant="contained"
                onClick={() => {
                  void user.refetch();
                  void settings.refetch();
                }}
              >
                Retry
              </Button>
              <Button variant="outlined" component={RouterLink} to="/page/logout">
                Log out
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
    );
  }
  if (!value) return <LoadingBackdrop text="Loading your workspace…" />;
  return <AppSessionContext.Provider value={value}>{children}</AppSessionContext.Provider>;
}

export function useAppSession(): AppSession {
  const ctx = useContext(AppSessionContext);
  if (!ctx) throw new Error('useAppSession must be used inside SessionGate');
  return ctx;
}
