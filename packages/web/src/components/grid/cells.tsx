import type { CSSProperties, MouseEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import { dayStatusInfo, moreText, visibleTags } from '../../lib/audit';
import { statusColour } from '../results/StatusChip';

/**
 * Grid cells drawn as plain elements styled by the grid (`vg-pill`, `vg-tag`, `vg-icon-btn`):
 * they look like the MUI chip and icon button but mount for a fraction of the cost, which
 * matters when rows enter the view many times a second.
 */

/** A day status as a tinted pill (the grid's DayStatusChip). */
export function StatusPill({ status }: { status: number | null | undefined }) {
  const theme = useTheme();
  const info = dayStatusInfo(status);
  return (
    <span
      className="vg-pill"
      data-status={info.code}
      style={{ '--pill': statusColour(theme, info.colour) } as CSSProperties}
    >
      <span className="vg-pill-dot" aria-hidden />
      <span className="vg-pill-label">{info.label}</span>
    </span>
  );
}

/** Tags: two, then "+N more" with the rest in its title (features §9). */
export function TagCells({ tags, limit = 2 }: { tags: readonly string[]; limit?: number }) {
  if (!tags.length) return <span>-</span>;
  const { shown, more } = visibleTags(tags, limit);
  return (
    <>
      {shown.map((t) => (
        <span key={t} className="vg-tag" title={t}>
          {t}
        </span>
      ))}
      {more > 0 && (
        <span className="vg-tag vg-tag-more" title={tags.slice(limit).join(', ')}>
          {moreText(more)}
        </span>
      )}
    </>
  );
}

/** The row's "more actions" button. */
export function RowMenuButton({ label, onOpen }: { label: string; onOpen: (anchor: HTMLElement) => void }) {
  return (
    <button
      type="button"
      className="vg-icon-btn"
      aria-label={label}
      aria-haspopup="menu"
      tabIndex={-1}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        e.stopPropagation();
        onOpen(e.currentTarget);
      }}
    >
      <MoreVertRoundedIcon fontSize="small" />
    </button>
  );
}
