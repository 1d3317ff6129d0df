import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FilterNoneOutlinedIcon from '@mui/icons-material/FilterNoneOutlined';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { Messages } from '@vigil/contract';
import { useOpenWindows, useWindowManager } from '../../components/WindowManagerProvider';

/** Features §4.6: the list of popup windows this tab opened. */
export function WindowsMenu() {
  const manager = useWindowManager();
  const windows = useOpenWindows();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Open windows">
        <IconButton
          aria-label="Open windows"
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={windows.length} color="primary" max={9}>
            <FilterNoneOutlinedIcon sx={{ fontSize: 20 }} />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary', display: 'block' }}>
          Windows
        </Typography>
        <Divider />
        {windows.length === 0 ? (
          <MenuItem disabled>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{Messages.noOpenedWindows}</Typography>
          </MenuItem>
        ) : (
          windows.map((w) => (
            <MenuItem
              key={w.id}
              onClick={() => {
                manager.focus(w.id);
                setAnchor(null);
              }}
            >
              <ListItemIcon>
                <OpenInNewRoundedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={w.title} />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
