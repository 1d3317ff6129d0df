import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import { stateInfo, type ParsedStatus, type Tone } from '../../lib/ingest';

/** The colour of a parsed result status: the theme's status palette (platform §3). */
export function statusColour(t: Theme, status: ParsedStatus): string {
  const s = t.palette.status;
  return status === 'Failure' ? s.failure : status === 'Warning' ? s.warning : s.success;
}

function toneColour(t: Theme, tone: Tone): string {
  switch (tone) {
    case 'success':
      return t.palette.status.success;
    case 'warning':
      return t.palette.status.warning;
    case 'error':
      return t.palette.status.failure;
    case 'info':
      return t.palette.status.pending;
    default:
      return t.palette.status.noResult;
  }
}

/** A tinted chip whose text keeps contrast in both themes. */
export function softChipSx(colour: (t: Theme) => string) {
  return (t: Theme) => {
    const c = colour(t);
    const dark = t.palette.mode === 'dark';
    return {
      color: dark ? lighten(c, 0.15) : darken(c, 0.35),
      bgcolor: alpha(c, dark ? 0.16 : 0.12),
      border: `1px solid ${alpha(c, dark ? 0.4 : 0.35)}`,
      fontWeight: 600,
      '& .MuiChip-icon': { color: c, ml: '6px', mr: '-2px' },
    };
  };
}

function Dot() {
  return (
    <svg width="8" height="8" viewBox="0 0 8 8" aria-hidden="true" className="MuiChip-icon">
      <circle cx="4" cy="4" r="4" fill="currentColor" />
    </svg>
  );
}

/** Success / Warning / Failure, coloured like the rest of the product. */
export function ResultStatusChip({ status, size = 'small' }: { status: ParsedStatus; size?: 'small' | 'medium' }) {
  return <Chip size={size} label={status} icon={<Dot />} sx={softChipSx((t) => statusColour(t, status))} />;
}

/** The processing state of an e-mail, with what it means in a tooltip. */
export function StateChip({ state }: { state: string }) {
  const info = stateInfo(state);
  const chip = <Chip size="small" label={info.label} sx={softChipSx((t) => toneColour(t, info.tone))} />;
  return info.description ? (
    <Tooltip title={info.description} describeChild>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

/** A small neutral or toned chip (e.g. "Not recognised", "Disabled"). */
export function ToneChip({ label, tone = 'default' }: { label: string; tone?: Tone }) {
  return <Chip size="small" label={label} sx={softChipSx((t) => toneColour(t, tone))} />;
}
