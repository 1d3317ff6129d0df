// The tenant drawer's actions: impersonate, manage the plan, enable or disable, add a user.
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { hasPrivilege, Privilege, type TenantRow } from '@vigil/contract';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { useAuth } from '../../../../lib/queries';
import { billingWindowFor, openBillingWindow } from '../../billingWindow';
import { TenantEnableButton } from '../TenantEnableButton';

export function TenantDrawerActions({
  tenant,
  enabled,
  canAddUsers,
  onImpersonate,
  impersonateDisabled,
  onAddUser,
}: {
  tenant: TenantRow;
  /** The tenant is enabled (from its overview once loaded, else from its row). */
  enabled: boolean;
  canAddUsers: boolean;
  onImpersonate: (t: TenantRow) => void;
  impersonateDisabled: boolean;
  onAddUser: () => void;
}) {
  // The subscription levers (api/admin/plan…) are for billing administrators and super admins.
  const canManagePlan = hasPrivilege(useAuth()?.privileges ?? 0, Privilege.billingAdminOrHigher);
  const windows = useWindowManager();
  const navigate = useNavigate();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));

  const managePlan = (t: TenantRow) => {
    const path = billingWindowFor(t);
    // Phones open the window's screen in this tab; Back returns here.
    if (small) void navigate(path);
    else openBillingWindow(windows, t, path);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2.5 }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<LoginRoundedIcon />}
        disabled={impersonateDisabled || !enabled}
        onClick={() => onImpersonate(tenant)}
      >
        Impersonate
      </Button>
      {canManagePlan && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<ReceiptLongOutlinedIcon />}
          onClick={() => managePlan(tenant)}
        >
          Manage plan
        </Button>
      )}
      <TenantEnableButton tenantId={tenant.Id} name={tenant.Name} />
      {canAddUsers && (
        <Button variant="contained" size="small" startIcon={<PersonAddAltRoundedIcon />} onClick={onAddUser}>
          Add user
        </Button>
      )}
    </Box>
  );
}
