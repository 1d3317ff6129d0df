import { useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckBoxOutlineBlankRoundedIcon from '@mui/icons-material/CheckBoxOutlineBlankRounded';
import CheckBoxRoundedIcon from '@mui/icons-material/CheckBoxRounded';
import FilterAltOffRoundedIcon from '@mui/icons-material/FilterAltOffRounded';
import FullscreenExitRoundedIcon from '@mui/icons-material/FullscreenExitRounded';
import FullscreenRoundedIcon from '@mui/icons-material/FullscreenRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import RestartAltRoundedIcon from '@mui/icons-material/RestartAltRounded';
import SettingsEthernetRoundedIcon from '@mui/icons-material/SettingsEthernetRounded';
import ViewColumnRoundedIcon from '@mui/icons-material/ViewColumnRounded';

/** The grid's menu button and its commands. */
export function GridMenu({
  id,
  fullscreen,
  onManageColumns,
  onToggleFullscreen,
  onResetDefaults,
  onResetWidths,
  onClearFilters,
  canClearFilters,
  selectable,
  allSelected,
  onToggleSelectAll,
}: {
  id: string;
  fullscreen: boolean;
  onManageColumns: () => void;
  onToggleFullscreen: () => void;
  onResetDefaults: () => void;
  onResetWidths: () => void;
  onClearFilters: () => void;
  canClearFilters: boolean;
  selectable: boolean;
  allSelected: boolean;
  onToggleSelectAll: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${id}-menu`;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Tooltip title="Grid menu">
        <IconButton
          aria-label="Grid menu"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          size="small"
        >
          <MoreVertRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={run(onManageColumns)}>
          <ListItemIcon>
            <ViewColumnRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Manage columns</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onToggleFullscreen)}>
          <ListItemIcon>
            {fullscreen ? <FullscreenExitRoundedIcon fontSize="small" /> : <FullscreenRoundedIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{fullscreen ? 'Exit Fullscreen' : 'Enter Fullscreen'}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem onClick={run(onResetDefaults)}>
          <ListItemIcon>
            <RestartAltRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Reset to Defaults</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onResetWidths)}>
          <ListItemIcon>
            <SettingsEthernetRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Reset widths</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onClearFilters)} disabled={!canClearFilters}>
          <ListItemIcon>
            <FilterAltOffRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Clear filters</ListItemText>
        </MenuItem>
        {selectable && <Divider />}
        {selectable && (
          <MenuItem onClick={run(onToggleSelectAll)}>
            <ListItemIcon>
              {allSelected ? (
                <CheckBoxOutlineBlankRoundedIcon fontSize="small" />
              ) : (
                <CheckBoxRoundedIcon fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{allSelected ? 'Deselect All' : 'Select All'}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
