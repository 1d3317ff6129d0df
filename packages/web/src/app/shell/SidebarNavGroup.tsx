// A sidebar group: expands in place when the sidebar is open, opens a flyout when collapsed.
import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import type { MenuItem as MenuEntry } from '../menu';
import { ItemIcon, itemSx } from './sidebarItem';
import { SidebarSubItems } from './SidebarSubItems';

export function SidebarNavGroup({
  item,
  trail,
  collapsed,
  active,
  expanded,
  flyoutOpen,
  onToggle: toggle,
  onNavigate,
}: {
  item: MenuEntry & { children: MenuEntry[] };
  trail: string[];
  collapsed: boolean;
  active: boolean;
  expanded: boolean;
  flyoutOpen: boolean;
  onToggle: (e: MouseEvent<HTMLElement>) => void;
  onNavigate?: () => void;
}) {
  const button = (
    <ListItemButton
      selected={collapsed && active}
      onClick={toggle}
      aria-expanded={collapsed ? flyoutOpen : expanded}
      aria-label={collapsed ? item.title : undefined}
      sx={(t) => itemSx(t, collapsed)}
    >
      <ListItemIcon>
        <ItemIcon item={item} />
      </ListItemIcon>
      {!collapsed && (
        <>
          <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontWeight: 550, fontSize: 14.5 } } }} />
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
    <Box>
      {collapsed ? (
        <Tooltip title={item.title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {!collapsed && (
        <SidebarSubItems items={item.children} trail={trail} expanded={expanded} onNavigate={onNavigate} />
      )}
    </Box>
  );
}
