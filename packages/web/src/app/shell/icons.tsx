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
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import FileCopyOutlinedIcon from '@mui/icons-material/FileCopyOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { MenuIcon } from '../menu';

export const menuIcons: Record<MenuIcon, SvgIconComponent> = {
  dashboard: SpaceDashboardOutlinedIcon,
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
  manage: TuneOutlinedIcon,
  overview: InsightsOutlinedIcon,
  activateBackups: PlaylistAddCheckOutlinedIcon,
  editBackups: EditNoteOutlinedIcon,
  retireBackups: ArchiveOutlinedIcon,
  backupPlans: AccountTreeOutlinedIcon,
  templates: FileCopyOutlinedIcon,
  companies: BusinessOutlinedIcon,
  schedules: ScheduleOutlinedIcon,
  activityLogs: ManageHistoryOutlinedIcon,
  tags: LocalOfferOutlinedIcon,
  messages: CampaignOutlinedIcon,
  support: SupportAgentOutlinedIcon,
  settings: SettingsOutlinedIcon,
  billing: CreditCardOutlinedIcon,
  invoices: ReceiptLongOutlinedIcon,
  apiKeys: VpnKeyOutlinedIcon,
  branding: PaletteOutlinedIcon,
  users: ManageAccountsOutlinedIcon,
  alerts: NotificationsActiveOutlinedIcon,
};
