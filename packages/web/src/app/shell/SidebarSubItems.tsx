// The pages of a sidebar group, shown under it when the group is expanded.
import { NavLink } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { MenuItem as MenuEntry } from '../menu';
import { ItemIcon, itemSx } from './sidebarItem';

export function SidebarSubItems({
  items,
  trail,
  expanded,
  onNavigate,
}: {
  items: MenuEntry[];
  trail: string[];
  expanded: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Collapse in={expanded} timeout="auto" unmountOnExit>
      <List component="div" disablePadding sx={{ pb: 0.5 }}>
        {items.map((child) => (
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
  );
}
