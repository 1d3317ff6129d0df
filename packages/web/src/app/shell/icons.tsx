import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LaunchOutlinedIcon from '@mui/icons-material/LaunchOutlined';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import type { MenuIcon } from '../menu';

export const menuIcons: Record<MenuIcon, SvgIconComponent> = {
  home: HomeOutlinedIcon,
  admin: AdminPanelSettingsOutlinedIcon,
  tenants: ApartmentOutlinedIcon,
  flags: FlagOutlinedIcon,
  activity: HistoryOutlinedIcon,
  outbox: OutboxOutlinedIcon,
  external: LaunchOutlinedIcon,
};
