// The look of a sidebar entry, its icon, and the props the sidebar's menu parts share.
import { alpha, type Theme } from '@mui/material/styles';
import type { MenuItem as MenuEntry } from '../menu';
import { menuIcons } from './icons';

export const itemSx = (t: Theme, collapsed: boolean) => ({
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

export function ItemIcon({ item, small }: { item: MenuEntry; small?: boolean }) {
  const Icon = item.icon ? menuIcons[item.icon] : null;
  return Icon ? <Icon fontSize={small ? 'small' : 'medium'} sx={{ fontSize: small ? 19 : 22 }} /> : null;
}

export interface NavProps {
  items: MenuEntry[];
  collapsed: boolean;
  onNavigate?: () => void;
}
