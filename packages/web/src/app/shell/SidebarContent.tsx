// The sidebar's column: the brand mark, the menu, the tenant card and the collapse toggle.
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { APP_BAR_HEIGHT } from '@vigil/contract';
import { BrandMark, Logo } from '../../components/Logo';
import { AlertScopePromo } from './AlertScopePromo';
import { itemSx, type NavProps } from './sidebarItem';
import { SidebarNavItems } from './SidebarNavItems';
import { SidebarTenantCard, type TenantBrand } from './SidebarTenantCard';

export function SidebarContent({
  items,
  collapsed,
  tenantName,
  tenantLogo,
  tenantAccent,
  onToggleCollapsed,
  onNavigate,
}: NavProps & TenantBrand & { onToggleCollapsed?: () => void }) {
  return (
    <Box
      sx={(t) => ({
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        bgcolor: t.palette.sidebar.background,
        color: t.palette.sidebar.text,
        overflowX: 'hidden',
      })}
    >
      <Box
        sx={(t) => ({
          height: APP_BAR_HEIGHT,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'flex-start',
          px: collapsed ? 0 : 2.5,
          borderBottom: `1px solid ${t.palette.sidebar.border}`,
        })}
      >
        {collapsed ? <Logo size={32} title="Vigil" /> : <BrandMark size={32} color="#ffffff" />}
      </Box>
      <Box component="nav" aria-label="Main menu" sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SidebarNavItems items={items} collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
      <AlertScopePromo items={items} collapsed={collapsed} />
      {tenantName && !collapsed && (
        <SidebarTenantCard tenantName={tenantName} tenantLogo={tenantLogo} tenantAccent={tenantAccent} />
      )}
      {onToggleCollapsed && (
        <Box sx={(t) => ({ borderTop: `1px solid ${t.palette.sidebar.border}`, py: 1 })}>
          <Tooltip title={collapsed ? 'Expand sidebar' : ''} placement="right">
            <ListItemButton
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              sx={(t) => itemSx(t, collapsed)}
            >
              <ListItemIcon>{collapsed ? <ChevronRightRoundedIcon /> : <ChevronLeftRoundedIcon />}</ListItemIcon>
              {!collapsed && <ListItemText primary="Collapse" slotProps={{ primary: { sx: { fontSize: 14 } } }} />}
            </ListItemButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
