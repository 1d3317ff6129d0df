// A sidebar link: an in-app route or an external page, with a tooltip when collapsed.
import { NavLink } from 'react-router';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import type { MenuItem as MenuEntry } from '../menu';
import { ItemIcon, itemSx } from './sidebarItem';

export function SidebarNavLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: MenuEntry;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const external = !!item.href;
  const link = external
    ? { component: 'a' as const, href: item.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: NavLink, to: item.path ?? '#' };
  const button = (
    <ListItemButton
      {...link}
      selected={active}
      data-menu-id={item.id}
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
    <Tooltip title={item.title} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
