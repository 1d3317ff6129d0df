import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import { dayStatusInfo, type StatusColourKey } from '../../lib/audit';
import { softChipSx } from '../email/chips';

/** The theme colour of a day status (platform §9 status colours). */
export function statusColour(t: Theme, key: StatusColourKey): string {
  return t.palette.status[key];
}

export function dayStatusColour(t: Theme, status: number | null | undefined): string {
  return statusColour(t, dayStatusInfo(status).colour);
}

function Dot() {
  return (
    <svg width="8" height="8" viewBox="0 0 8 8" aria-hidden="true" className="MuiChip-icon">
      <circle cx="4" cy="4" r="4" fill="currentColor" />
    </svg>
  );
}

/**
 * A day or result status as a tinted chip: Success, Warning, Failure, No Result, Pending,
 * Suppressed No Result or Not scheduled, coloured from the theme in light and dark mode.
 */
export function DayStatusChip({
  status,
  size = 'small',
  label,
}: {
  status: number | null | undefined;
  size?: 'small' | 'medium';
  /** Replaces the status name (e.g. with a count). */
  label?: string;
}) {
  const info = dayStatusInfo(status);
  return (
    <Chip
      size={size}
      label={label ?? info.label}
      icon={<Dot />}
      data-status={info.code}
      sx={softChipSx((t) => statusColour(t, info.colour))}
    />
  );
}
