// The flyout menu of a sidebar group's pages, shown when the sidebar is collapsed.
import { NavLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { MenuItem as MenuEntry } from '../menu';
import { ItemIcon } from './sidebarItem';

export interface Flyout {
  anchor: HTMLElement;
  item: MenuEntry;
}

export function SidebarFlyout({
  flyout,
  trail,
  onClose,
  onNavigate,
}: {
  flyout: Flyout | null;
  trail: string[];
  onClose: () => void;
  onNavigate?: () => void;
}) {
  return (
    <Menu
      anchorEl={flyout?.anchor}
      open={!!flyout}
      onClose={() => onClose()}
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
            onClose();
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
  );
}
