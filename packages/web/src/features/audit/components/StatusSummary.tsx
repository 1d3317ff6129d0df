import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha, darken, lighten } from '@mui/material/styles';
import { statusColour } from '../../../components/results/StatusChip';
import { dayStatusInfo, percentShares, STATUS_ORDER, type DayStatusCode } from '../../../lib/audit';

/** Always listed, even at zero; the others only when some backup has them. */
const MAIN: readonly DayStatusCode[] = [3, 4, 2, 1];

/**
 * The day at a glance: how many backups failed, had no result, warned or succeeded, as chips
 * that filter the grid to that status (choosing the active one again clears it), over a thin
 * bar of the same shares.
 */
export function StatusSummary({
  counts,
  loading,
  partial,
  active,
  onToggle,
  failed = false,
}: {
  counts: Map<DayStatusCode, number> | undefined;
  loading: boolean;
  /** The counts could not be read: the summary is left out (the grid shows the error). */
  failed?: boolean;
  partial: boolean;
  active: readonly DayStatusCode[];
  onToggle: (status: DayStatusCode) => void;
}) {
  if (!counts && failed) return null;
  if (!counts) {
    return (
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }} aria-busy={loading}>
        {MAIN.map((s) => (
          <Skeleton key={s} variant="rounded" width={118} height={52} />
        ))}
      </Box>
    );
  }
  const shown = STATUS_ORDER.filter((s) => MAIN.includes(s) || (counts.get(s) ?? 0) > 0);
  const values = shown.map((s) => counts.get(s) ?? 0);
  const shares = percentShares(values);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <Box component="section" aria-label="Status of the day" sx={{ mb: 2 }}>
      <Box
        sx={{
          // On a phone the chips sit three to a row, all in view; wider screens wrap them in a line.
          display: { xs: 'grid', sm: 'flex' },
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        {shown.map((s, i) => {
          const info = dayStatusInfo(s);
          const on = active.length === 1 && active[0] === s;
          const n = values[i];
          return (
            <ButtonBase
              key={s}
              onClick={() => onToggle(s)}
              aria-pressed={on}
              aria-label={`${info.label}: ${n}${partial ? ' or more' : ''}. ${on ? 'Show all statuses' : `Show only ${info.label}`}`}
              sx={(t) => {
                const c = statusColour(t, info.colour);
                const dark = t.palette.mode === 'dark';
                return {
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  flexShrink: 0,
                  minWidth: { xs: 0, sm: 112 },
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2.5,
                  border: 1,
                  borderColor: on ? c : alpha(c, dark ? 0.35 : 0.3),
                  bgcolor: on ? alpha(c, dark ? 0.24 : 0.16) : alpha(c, dark ? 0.08 : 0.06),
                  boxShadow: on ? `inset 0 0 0 1px ${c}` : 'none',
                  transition: 'background-color 120ms, border-color 120ms',
                  '&:hover': { bgcolor: alpha(c, dark ? 0.18 : 0.12) },
                  '&.Mui-focusVisible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: 2 },
                  // Grey statuses take the text colour so their counts stay readable in both themes.
                  '& .count': {
                    color:
                      info.colour === 'notScheduled' || info.colour === 'suppressedNoResult'
                        ? t.palette.text.secondary
                        : dark
                          ? lighten(c, 0.2)
                          : darken(c, 0.3),
                  },
                };
              }}
            >
              <Typography component="span" className="count" sx={{ fontSize: 20, fontWeight: 750, lineHeight: 1.2 }}>
                {n.toLocaleString('en-US')}
                {partial ? '+' : ''}
              </Typography>
              <Typography component="span" sx={{ fontSize: 12.5, color: 'text.secondary', fontWeight: 600 }}>
                {info.label}
                {total > 0 ? ` · ${shares[i]}%` : ''}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
      {total > 0 && (
        <Box
          aria-hidden
          sx={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', mt: 1.25, maxWidth: 720 }}
        >
          {shown.map((s, i) =>
            values[i] > 0 ? (
              <Box
                key={s}
                sx={(t) => ({ flex: `${values[i]} 0 0`, bgcolor: statusColour(t, dayStatusInfo(s).colour) })}
              />
            ) : null,
          )}
        </Box>
      )}
    </Box>
  );
}
