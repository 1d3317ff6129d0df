import { useState, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { APP_BAR_HEIGHT, SIDEBAR_CLOSED_WIDTH, SIDEBAR_OPEN_WIDTH } from '@vigil/contract';
import { BrandMark, Logo } from '../../components/Logo';
import { findActiveTrail, type MenuItem as MenuEntry } from '../menu';
import { menuIcons } from './icons';

const itemSx = (t: Theme, collapsed: boolean) => ({
  minHeight: 42,
  mx: 1.25,
  my: 0.25,
  px: collapsed ? 0 : 1.5,
  justifyContent: collapsed ? 'center' : 'flex-start',
  borderRadius: '10px',
  color: t.palette.sidebar.text,
  '& .MuiListItemIcon-root': {
    color: t.palette.sidebar.muted,
    minWidth: collapsed ? 0 : 36,
    justifyContent: 'center',
  },
  '&:hover': { backgroundColor: t.palette.sidebar.hover },
  '&.Mui-selected, &.Mui-selected:hover': {
    backgroundColor: t.palette.sidebar.active,
    color: t.palette.sidebar.activeText,
    '& .MuiListItemIcon-root': { color: t.palette.primary.light },
  },
  '&.Mui-focusVisible': { outline: `2px solid ${alpha(t.palette.primary.light, 0.8)}`, outlineOffset: -2 },
});

function ItemIcon({ item, small }: { item: MenuEntry; small?: boolean }) {
  const Icon = item.icon ? menuIcons[item.icon] : null;
  return Icon ? <Icon fontSize={small ? 'small' : 'medium'} sx={{ fontSize: small ? 19 : 22 }} /> : null;
}

interface NavProps {
  items: MenuEntry[];
  collapsed: boolean;
  onNavigate?: () => void;
}

function NavItems({ items, collapsed, onNavigate }: NavProps) {
  const { pathname } = useLocation();
  const trail = findActiveTrail(items, pathname).map((i) => i.id);
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const [flyout, setFlyout] = useState<{ anchor: HTMLElement; item: MenuEntry } | null>(null);

  return (
    <List component="div" disablePadding sx={{ py: 1 }}>
      {items.map((item) => {
        const active = trail.includes(item.id);
        if (item.children) {
          const expanded = openGroups[item.id] ?? active;
          const toggle = (e: MouseEvent<HTMLElement>) => {
            if (collapsed) setFlyout({ anchor: e.currentTarget, item });
            else setOpenGroups((g) => ({ ...g, [item.id]: !expanded }));
          };
          const button = (
            <ListItemButton
              selected={collapsed && active}
              onClick={toggle}
              aria-expanded={collapsed ? Boolean(flyout && flyout.item.id === item.id) : expanded}
              aria-label={collapsed ? item.title : undefined}
              sx={(t) => itemSx(t, collapsed)}
            >
              <ListItemIcon>
                <ItemIcon item={item} />
              </ListItemIcon>
              {!collapsed && (
                <>
                  <ListItemText
                    primary={item.title}
                    slotProps={{ primary: { sx: { fontWeight: 550, fontSize: 14.5 } } }}
                  />
                  {expanded ? (
                    <ExpandLessRoundedIcon fontSize="small" sx={{ opacity: 0.7 }} />
                  ) : (
                    <ExpandMoreRoundedIcon fontSize="small" sx={{ opacity: 0.7 }} />
                  )}
                </>
              )}
            </ListItemButton>
          );
          return (
            <Box key={item.id}>
              {collapsed ? (
                <Tooltip title={item.title} placement="right">
                  {button}
                </Tooltip>
              ) : (
                button
              )}
              {!collapsed && (
                <Collapse in={expanded} timeout="auto" unmountOnExit>
                  <List component="div" disablePadding sx={{ pb: 0.5 }}>
                    {item.children.map((child) => (
                      <ListItemButton
                        key={child.id}
                        component={NavLink}
                        to={child.path ?? '#'}
                        selected={trail.includes(child.id)}
                        onClick={onNavigate}
                        sx={(t) => ({ ...itemSx(t, false), minHeight: 38, pl: 3 })}
                      >
                        <ListItemIcon>
                          <ItemIcon item={child} small />
                        </ListItemIcon>
                        <ListItemText primary={child.title} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
                      </ListItemButton>
                    ))}
                  </List>
                </Collapse>
              )}
            </Box>
          );
        }
        const external = !!item.href;
        const link = external
          ? { component: 'a' as const, href: item.href, target: '_blank', rel: 'noopener noreferrer' }
          : { component: NavLink, to: item.path ?? '#' };
        const button = (
          <ListItemButton
            key={item.id}
            {...link}
            selected={active}
            onClick={onNavigate}
            aria-label={collapsed ? item.title : undefined}
            sx={(t: Theme) => itemSx(t, collapsed)}
          >
            <ListItemIcon>
              <ItemIcon item={item} />
            </ListItemIcon>
            {!collapsed && (
              <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontWeight: 550, fontSize: 14.5 } } }} />
            )}
          </ListItemButton>
        );
        return collapsed ? (
          <Tooltip key={item.id} title={item.title} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
      <Menu
        anchorEl={flyout?.anchor}
        open={!!flyout}
        onClose={() => setFlyout(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { ml: 1, minWidth: 200 } } }}
      >
        {flyout && (
          <Typography variant="overline" sx={{ px: 2, color: 'text.secondary', display: 'block' }}>
            {flyout.item.title}
          </Typography>
        )}
        {flyout?.item.children?.map((child) => (
          <MenuItem
            key={child.id}
            component={NavLink}
            to={child.path ?? '#'}
            selected={trail.includes(child.id)}
            onClick={() => {
              setFlyout(null);
              onNavigate?.();
            }}
          >
            <ListItemIcon>
              <ItemIcon item={child} small />
            </ListItemIcon>
            {child.title}
          </MenuItem>
        ))}
      </Menu>
    </List>
  );
}

function SidebarContent({
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
        <NavItems items={items} collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
      {tenantName && !collapsed && (
        <Box
          sx={(t) => ({
            mx: 1.5,
            mb: 1,
            px: 1.5,
            py: 1.25,
            borderRadius: '10px',
            bgcolor: t.palette.sidebar.hover,
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            ...(tenantAccent ? { borderLeft: `3px solid ${tenantAccent}` } : {}),
          })}
        >
          {!tenantLogo && <ApartmentOutlinedIcon sx={(t) => ({ color: t.palette.sidebar.muted, fontSize: 20 })} />}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            {tenantLogo && (
              <Box
                sx={{ bgcolor: '#fff', borderRadius: '8px', p: 0.75, mb: 1, display: 'flex', justifyContent: 'center' }}
              >
                <Box
                  component="img"
                  src={tenantLogo}
                  alt={`${tenantName} logo`}
                  data-testid="tenant-logo"
                  sx={{ maxHeight: 40, maxWidth: '100%', objectFit: 'contain', display: 'block' }}
                />
              </Box>
            )}
            <Typography sx={(t) => ({ fontSize: 11, color: t.palette.sidebar.muted, lineHeight: 1.3 })}>
              Tenant
            </Typography>
            <Typography noWrap sx={{ fontSize: 13.5, fontWeight: 600, color: '#fff', lineHeight: 1.35 }}>
              {tenantName}
            </Typography>
          </Box>
        </Box>
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

/** The tenant's name and branding (Settings → Branding) shown at the foot of the sidebar. */
interface TenantBrand {
  tenantName?: string | null;
  tenantLogo?: string | null;
  tenantAccent?: string | null;
}

export interface SidebarProps extends TenantBrand {
  items: MenuEntry[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * Features §2.1: a left sidebar 240 wide open and 70 collapsed on md and up; a temporary
 * drawer opened from the hamburger below md.
 */
export function Sidebar({ items, collapsed, onToggleCollapsed, mobileOpen, onMobileClose, ...brand }: SidebarProps) {
  const width = collapsed ? SIDEBAR_CLOSED_WIDTH : SIDEBAR_OPEN_WIDTH;
  return (
    <>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: { width: SIDEBAR_OPEN_WIDTH, border: 0 } } }}
      >
        <SidebarContent items={items} collapsed={false} {...brand} onNavigate={onMobileClose} />
      </Drawer>
      <Box
        sx={(t) => ({
          display: { xs: 'none', md: 'block' },
          width,
          flexShrink: 0,
          transition: t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        })}
      >
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{
            paper: {
              sx: (t: Theme) => ({
                width,
                border: 0,
                overflowX: 'hidden',
                transition: t.transitions.create('width', { duration: t.transitions.duration.shorter }),
              }),
            },
          }}
        >
          <SidebarContent items={items} collapsed={collapsed} {...brand} onToggleCollapsed={onToggleCollapsed} />
        </Drawer>
      </Box>
    </>
  );
}
