import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import type { Theme } from '@mui/material/styles';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_OPEN_WIDTH } from '@vigil/contract';
import type { MenuItem as MenuEntry } from '../menu';
import { SidebarContent } from './SidebarContent';
import type { TenantBrand } from './SidebarTenantCard';

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
