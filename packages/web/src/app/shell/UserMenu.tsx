import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
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
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { privilegeNames } from '@vigil/contract';
import { canAccess } from '../../lib/access';
import { displayName, initials } from '../../lib/auth';
import { userMenu } from '../menu';
import { useAppSession } from '../session';
import { useRealtimeState } from '../../lib/realtime';

const icons: Record<string, SvgIconComponent> = {
  profile: PersonOutlineRoundedIcon,
  billing: CreditCardOutlinedIcon,
  invoices: ReceiptLongOutlinedIcon,
  logout: LogoutRoundedIcon,
};

export function UserMenu() {
  const { auth, access } = useAppSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = userMenu.filter((i) => canAccess(i.access, access));
  const roles = privilegeNames(auth.privileges);
  // Features §4.5: the badge shows success while the live connection is up, otherwise warning.
  const live = useRealtimeState();
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5, ml: 0.5 }}
      >
        <Badge
          overlap="circular"
          variant="dot"
          color={live === 'connected' ? 'success' : 'warning'}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          title={live === 'connected' ? 'Live updates connected' : 'Live updates not connected'}
          data-realtime={live}
          sx={{
            '& .MuiBadge-dot': {
              width: 10,
              height: 10,
              borderRadius: '50%',
              border: 2,
              borderColor: 'background.paper',
            },
          }}
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
        </Badge>
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
