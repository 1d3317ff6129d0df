import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { PRODUCT_NAME } from '@vigil/contract';
import { OfflineBanner } from '../../components/OfflineBanner';
import { GuidanceLoader } from '../../components/guidance/GuidanceLoader';
import { MessageBanners } from '../../components/messages/MessageBanners';
import { StorageKeys, browserStorage } from '../../lib/storage';
import { useTenantInfoUpdates } from '../../lib/tenantInfo';
import { findActiveTrail } from '../menu';
import { useRouteTitle } from '../routeHandle';
import { useAppSession } from '../session';
import { Footer } from './Footer';
import { ImpersonationBanner } from './ImpersonationBanner';
import { ScrollTopButton } from './ScrollTopButton';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

function readCollapsed(): boolean {
  return browserStorage()?.getItem(StorageKeys.sidebar) === 'collapsed';
}

/** The signed-in shell (features §2.1): sidebar, top bar, banners, content and footer. */
export function AppShell() {
  const { menu, settings, auth, defaultPath } = useAppSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const title = useRouteTitle();
  useTenantInfoUpdates();
  const navigation = useNavigation();
  const trail = findActiveTrail(menu, pathname);
  const section = trail.length > 1 ? trail[0].title : undefined;

  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      browserStorage()?.setItem(StorageKeys.sidebar, c ? 'open' : 'collapsed');
      return !c;
    });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {navigation.state !== 'idle' && (
        <LinearProgress
          aria-label="Loading page"
          sx={(t) => ({ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: t.zIndex.appBar + 2 })}
        />
      )}
      <GuidanceLoader settings={settings} auth={auth} />
      <Sidebar
        items={menu}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
        tenantName={settings.TenantName}
        tenantLogo={settings.CustomLogo}
        tenantAccent={settings.AccentColor}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar title={title} section={section} onOpenMenu={() => setMobileOpen(true)} />
        <ImpersonationBanner />
        <OfflineBanner />
        <MessageBanners />
        <Box
          component="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: 1440,
            mx: 'auto',
            px: { xs: 2, sm: 3, lg: 4 },
            py: { xs: 2.5, md: 4 },
          }}
        >
          <Outlet />
        </Box>
        <Footer tenantId={auth.tenantId} homePath={defaultPath} />
      </Box>
      <ScrollTopButton />
    </Box>
  );
}
