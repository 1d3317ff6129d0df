import { memo, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { AuditHistoryEntry } from '@vigil/contract';
import { dayCountsText, dayStatusInfo, historySegments, historySummary, type HistorySegment } from '../../../lib/audit';
import { shortDayLabel } from '../../../lib/days';
import { statusColour } from '../../../components/results/StatusChip';

/** Below this many days the segments are drawn with a hairline gap between them. */
const GAP_MAX_DAYS = 45;

/** Where one day's box sits over the bar (hover and selection marks). */
function mark(s: HistorySegment): CSSProperties {
  return { left: `${s.offset}%`, width: `${s.width}%` };
}

/** The days as hard colour stops of one gradient, with hairlines between days when there are few. */
function barGradient(segments: readonly HistorySegment[], theme: Theme, gap: boolean): string {
  const stops = segments
    .map((s) => {
      const c = statusColour(theme, dayStatusInfo(s.status).colour);
      return `${c} ${s.offset}% ${s.offset + s.width}%`;
    })
    .join(', ');
  const bar = `linear-gradient(to right, ${stops})`;
  if (!gap || segments.length < 2) return bar;
  const w = 100 / segments.length;
  const line = theme.palette.background.paper;
  return `repeating-linear-gradient(to right, transparent 0 calc(${w}% - 1px), ${line} calc(${w}% - 1px) ${w}%), ${bar}`;
}

function DayTip({ entry, clickable }: { entry: AuditHistoryEntry; clickable: boolean }) {
  const info = dayStatusInfo(entry.Status);
  return (
    <Box sx={{ py: 0.25 }}>
      <Typography sx={{ fontSize: 12.5, fontWeight: 700 }}>{shortDayLabel(entry.Date)}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25 }}>
        <Box
          component="span"
          sx={(t) => ({ width: 9, height: 9, borderRadius: '3px', bgcolor: statusColour(t, info.colour) })}
        />
        <Typography sx={{ fontSize: 12.5 }}>{info.label}</Typography>
      </Box>
      <Typography sx={{ fontSize: 12, opacity: 0.85 }}>{dayCountsText(entry)}</Typography>
      {clickable && <Typography sx={{ fontSize: 11.5, opacity: 0.7, mt: 0.25 }}>Click to open this day</Typography>}
    </Box>
  );
}

/**
 * A backup's daily history: one segment per day, equally wide (widths sum to 100 %),
 * coloured by the day's status. Hovering a day shows its date, status and counts; clicking it
 * selects that date. `focusable` makes each day a keyboard stop (the drawer); in the grid the
 * row is the stop and the bar is one labelled image.
 */
function HistoryBarInner({
  history,
  selectedDate,
  onSelectDate,
  height = 16,
  focusable = false,
  label,
}: {
  history: readonly AuditHistoryEntry[];
  selectedDate?: string;
  onSelectDate?: (date: string) => void;
  height?: number;
  focusable?: boolean;
  label?: string;
}) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const [tipOn, setTipOn] = useState(false);
  const segments = historySegments(history);
  const gap = segments.length <= GAP_MAX_DAYS;
  const hovered = hover !== null ? segments[hover] : undefined;
  const clickable = !!onSelectDate;
  const summary = label ?? historySummary(history);
  const selectedSegment = focusable ? undefined : segments.find((x) => x.date === selectedDate);

  const indexAt = (e: MouseEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width <= 0 || !segments.length) return null;
    const pct = ((e.clientX - rect.left) / rect.width) * 100;
    const i = segments.findIndex((s) => pct >= s.offset && pct < s.offset + s.width);
    return i < 0 ? segments.length - 1 : i;
  };

  const onKey = (e: KeyboardEvent<HTMLElement>, i: number) => {
    const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
    if (to === null || to < 0 || to >= segments.length) return;
    e.preventDefault();
    const buttons = e.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[data-day]');
    buttons?.[to]?.focus();
  };

  const bar = (
    <div
      role={focusable ? 'group' : 'img'}
      aria-label={summary}
      data-grid-no-row-click={clickable ? '' : undefined}
      data-testid="history-bar"
      data-statuses={segments.map((x) => x.status).join(',')}
      onMouseMove={(e) => {
        // Rows scrolling under a resting pointer get a synthetic move with no movement: no
        // tooltip is mounted for a bar that is gone a frame later.
        if (!tipOn && e.movementX === 0 && e.movementY === 0) return;
        setTipOn(true);
        setHover(indexAt(e));
      }}
      onMouseLeave={() => setHover(null)}
      onClick={(e) => {
        if (!clickable || focusable) return;
        const i = indexAt(e);
        if (i !== null) {
          e.stopPropagation();
          onSelectDate?.(segments[i].date);
        }
      }}
      // In the grid the bar's fixed look comes from the grid's `vg-hbar` rules: a row entering
      // the view while scrolling then sets only its own gradient.
      className={focusable ? undefined : 'vg-hbar'}
      style={
        focusable
          ? {
              position: 'relative',
              width: '100%',
              height,
              borderRadius: 4,
              overflow: 'hidden',
              verticalAlign: 'middle',
              display: 'inline-block',
              cursor: clickable ? 'pointer' : 'default',
              backgroundColor: alpha(theme.palette.text.primary, 0.05),
            }
          : { height, cursor: clickable ? undefined : 'default' }
      }
    >
      {focusable ? (
        segments.map((s, i) => {
          const info = dayStatusInfo(s.status);
          const selected = s.date === selectedDate;
          return (
            <Box
              key={s.date}
              component="button"
              type="button"
              data-day={s.date}
              aria-label={`${shortDayLabel(s.date)}: ${info.label}, ${dayCountsText(s.entry)}`}
              aria-current={selected ? 'date' : undefined}
              tabIndex={i === segments.length - 1 ? 0 : -1}
              onClick={() => onSelectDate?.(s.date)}
              onKeyDown={(e: KeyboardEvent<HTMLElement>) => onKey(e, i)}
              onFocus={() => setHover(i)}
              onBlur={() => setHover(null)}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${s.offset}%`,
                width: `${s.width}%`,
                p: 0,
                border: 0,
                bgcolor: statusColour(theme, info.colour),
                boxShadow: gap ? `inset -1px 0 0 ${theme.palette.background.paper}` : undefined,
                opacity: hover === null || hover === i ? 1 : 0.78,
                transition: 'opacity 120ms',
                outline: selected ? `2px solid ${theme.palette.text.primary}` : undefined,
                outlineOffset: -2,
                cursor: clickable ? 'pointer' : 'default',
                '&:focus-visible': {
                  outline: `2px solid ${theme.palette.primary.main}`,
                  outlineOffset: -2,
                  zIndex: 1,
                },
              }}
            />
          );
        })
      ) : (
        <>
          {/*
              In the grid the whole bar is one painted element: the days are hard stops of one
              gradient, so a row entering the view while scrolling costs one node, not one per day.
            */}
          <span className="vg-hfill" style={{ backgroundImage: barGradient(segments, theme, gap) }} />
          {hovered && <span className="vg-hmark vg-hmark-hover" style={mark(hovered)} />}
          {selectedSegment && <span className="vg-hmark" style={mark(selectedSegment)} />}
        </>
      )}
    </div>
  );
  // In the grid the day tooltip is mounted only once the pointer is over the bar: rows
  // entering the view while scrolling then cost no tooltip at all.
  if (!focusable && !tipOn) return bar;
  return (
    <Tooltip
      title={hovered ? <DayTip entry={hovered.entry} clickable={clickable} /> : ''}
      followCursor
      open={!!hovered}
      disableInteractive
      enterDelay={0}
      slotProps={{ tooltip: { sx: { maxWidth: 240 } } }}
    >
      {bar}
    </Tooltip>
  );
}

export const HistoryBar = memo(HistoryBarInner);

/** The colours of the bar, named (drawer and page legends). */
export function HistoryLegend({ statuses }: { statuses: readonly number[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}>
      {statuses.map((s) => {
        const info = dayStatusInfo(s);
        return (
          <Box key={s} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="span"
              sx={(t) => ({ width: 10, height: 10, borderRadius: '3px', bgcolor: statusColour(t, info.colour) })}
            />
            <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {info.label}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
