import { darken, lighten, type Theme } from '@mui/material/styles';
import { RowSeverity } from '@vigil/contract';

/**
 * Row backgrounds: every row is opaque (frozen cells take the row's background, so the cells
 * scrolling under them stay hidden), and a row may be tinted by its severity (features §9:
 * the colour lightened by 0.9 in the light theme, darkened by 0.8 in the dark one).
 */
export const ROW_TINT = { light: 0.9, dark: 0.8 } as const;

export type RowSeverityCode = (typeof RowSeverity)[keyof typeof RowSeverity];

/** A severity's colour as a row background in the given theme mode. */
export function rowTint(colour: string, mode: 'light' | 'dark'): string {
  return mode === 'dark' ? darken(colour, ROW_TINT.dark) : lighten(colour, ROW_TINT.light);
}

/** The class a row of this severity carries (`vg-sev-1` …); none for None or unknown values. */
export function severityClass(severity: number | null | undefined): string {
  return severity && severity in SEVERITY_NAMES ? ` vg-sev-${severity}` : '';
}

const SEVERITY_NAMES: Record<number, 'error' | 'warning' | 'success' | 'info'> = {
  [RowSeverity.Error]: 'error',
  [RowSeverity.Warning]: 'warning',
  [RowSeverity.Success]: 'success',
  [RowSeverity.Info]: 'info',
};

const mix = (colour: string, percent: number, base: string) => `color-mix(in srgb, ${colour} ${percent}%, ${base})`;

/** A row background under the pointer: the primary colour mixed in, still opaque. */
export function rowHover(theme: Theme, base: string = theme.palette.background.paper): string {
  return mix(theme.palette.primary.main, theme.palette.mode === 'dark' ? 6 : 3.5, base);
}

/** The tinted and selected row rules of the grid's scroller (plain rows: see `scrollerStyles`). */
export function rowBackgroundStyles(theme: Theme) {
  const dark = theme.palette.mode === 'dark';
  const paper = theme.palette.background.paper;
  const primary = theme.palette.primary.main;
  const hover = (base: string) => rowHover(theme, base);
  const styles: Record<string, object> = {};
  for (const [code, name] of Object.entries(SEVERITY_NAMES)) {
    const tint = rowTint(theme.palette[name].main, theme.palette.mode);
    styles[`& .vg-row.vg-sev-${code}`] = { backgroundColor: tint };
    styles[`& .vg-row.vg-sev-${code}:hover`] = { backgroundColor: hover(tint) };
  }
  styles['& .vg-row.vg-selected, & .vg-row.vg-selected:hover'] = {
    backgroundColor: mix(primary, dark ? 16 : 9, paper),
  };
  return styles;
}
