import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import { privilegeNames } from '@vigil/contract';
import { canAccess } from '../../lib/access';
import { displayName, initials } from '../../lib/auth';
import { userMenu } from '../menu';
import { useAppSession } from '../session';

const icons: Record<string, SvgIconComponent> = { profile: PersonOutlineRoundedIcon, logout: LogoutRoundedIcon };

export function UserMenu() {
  const { auth, access } = useAppSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = userMenu.filter((i) => canAccess(i.access, access));
  const roles = privilegeNames(auth.privileges);
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5, ml: 0.5 }}
      >
        <Avatar
          sx={{
            width: 34,
            height: 34,
            fontSize: 14,
            fontWeight: 700,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          {initials(auth)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 250, mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 650 }}>{displayName(auth)}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>{auth.userName}</Typography>
          {roles.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
              {roles.map((r) => (
                <Chip key={r} label={r} size="small" variant="outlined" color="primary" />
              ))}
            </Box>
          )}
        </Box>
        <Divider />
        {items.map((item) => {
          const Icon = icons[item.id];
          return (
            <MenuItem key={item.id} component={RouterLink} to={item.path} onClick={() => setAnchor(null)}>
              {Icon && (
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
              )}
              {item.title}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
