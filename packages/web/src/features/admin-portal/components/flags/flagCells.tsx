// A feature flag's state as a chip, and the switch that turns it on or off for every tenant.
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { FlagStatus, type FeatureFlagRow } from '@vigil/contract';

export function FlagStatusChip({ flag }: { flag: FeatureFlagRow }) {
  if (flag.AlwaysOn) return <Chip label="Always on" size="small" color="primary" variant="outlined" />;
  if (flag.Status === FlagStatus.Enabled) return <Chip label="On" size="small" color="success" />;
  if (flag.Status === FlagStatus.Tenants)
    return (
      <Chip
        label={`${flag.TenantIds.length} tenant${flag.TenantIds.length === 1 ? '' : 's'}`}
        size="small"
        color="warning"
        variant="outlined"
      />
    );
  return <Chip label="Off" size="small" variant="outlined" />;
}

export function FlagSwitch({
  f,
  isSuper,
  busy,
  onToggle: toggle,
}: {
  f: FeatureFlagRow;
  isSuper: boolean;
  /** A change of this flag is on its way. */
  busy: boolean;
  onToggle: (flag: FeatureFlagRow, on: boolean) => Promise<void>;
}) {
  const disabled = f.AlwaysOn || !isSuper;
  const control = (
    <Switch
      checked={f.AlwaysOn || f.Status === FlagStatus.Enabled}
      disabled={disabled}
      onChange={(_e, on) => {
        if (!busy) void toggle(f, on);
      }}
      slotProps={{ input: { 'aria-label': f.Key } }}
    />
  );
  const hint = f.AlwaysOn
    ? 'Always on: this flag cannot be switched off'
    : !isSuper
      ? 'Only Super admins can change flags'
      : '';
  return hint ? (
    <Tooltip title={hint}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  );
}
