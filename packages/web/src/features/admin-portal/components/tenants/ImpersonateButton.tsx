// Impersonate a tenant from its row; without the role the button says which role it needs.
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import type { TenantRow } from '@vigil/contract';

export function ImpersonateButton({
  t,
  canImpersonate,
  busy,
  onStart: start,
}: {
  t: TenantRow;
  canImpersonate: boolean;
  busy: boolean;
  onStart: (t: TenantRow) => Promise<void>;
}) {
  const button = (
    <Button
      size="small"
      variant="outlined"
      startIcon={<LoginRoundedIcon />}
      onClick={(e) => {
        e.stopPropagation();
        void start(t);
      }}
      disabled={!canImpersonate || !t.IsEnabled || busy}
    >
      Impersonate
    </Button>
  );
  return canImpersonate ? (
    button
  ) : (
    <Tooltip title="Needs the Super or Success admin role">
      <span>{button}</span>
    </Tooltip>
  );
}
