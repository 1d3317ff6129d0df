import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AllInboxOutlinedIcon from '@mui/icons-material/AllInboxOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import LaunchOutlinedIcon from '@mui/icons-material/LaunchOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import type { MenuIcon } from '../menu';

export const menuIcons: Record<MenuIcon, SvgIconComponent> = {
  home: HomeOutlinedIcon,
  audit: FactCheckOutlinedIcon,
  dailyActivity: EventNoteOutlinedIcon,
  integration: HubOutlinedIcon,
  mailboxes: AllInboxOutlinedIcon,
  admin: AdminPanelSettingsOutlinedIcon,
  tenants: ApartmentOutlinedIcon,
  parsing: MarkEmailReadOutlinedIcon,
  flags: FlagOutlinedIcon,
  activity: HistoryOutlinedIcon,
  outbox: OutboxOutlinedIcon,
  external: LaunchOutlinedIcon,
};
