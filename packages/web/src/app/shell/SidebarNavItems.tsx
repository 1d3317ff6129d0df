// The sidebar's menu: groups and links, the active trail, and the flyout of a collapsed group.
import { useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import List from '@mui/material/List';
import { findActiveTrail } from '../menu';
import { SidebarFlyout, type Flyout } from './SidebarFlyout';
import { SidebarNavGroup } from './SidebarNavGroup';
import { SidebarNavLink } from './SidebarNavLink';
import type { NavProps } from './sidebarItem';

export function SidebarNavItems({ items, collapsed, onNavigate }: NavProps) {
  const { pathname } = useLocation();
  const trail = findActiveTrail(items, pathname).map((i) => i.id);
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const [flyout, setFlyout] = useState<Flyout | null>(null);

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
          return (
            <SidebarNavGroup
              key={item.id}
              item={{ ...item, children: item.children }}
              trail={trail}
              collapsed={collapsed}
              active={active}
              expanded={expanded}
              flyoutOpen={Boolean(flyout && flyout.item.id === item.id)}
              onToggle={toggle}
              onNavigate={onNavigate}
            />
          );
        }
        return (
          <SidebarNavLink key={item.id} item={item} active={active} collapsed={collapsed} onNavigate={onNavigate} />
        );
      })}
      <SidebarFlyout flyout={flyout} trail={trail} onClose={() => setFlyout(null)} onNavigate={onNavigate} />
    </List>
  );
}
