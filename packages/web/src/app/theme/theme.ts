// The app's MUI theme in light and dark mode: palette, type scale and component defaults.
import { createTheme, type Theme } from '@mui/material/styles';
import { APP_BAR_HEIGHT, BREAKPOINTS } from '@vigil/contract';
import { dataOverrides } from './dataOverrides';
import { fontFamily } from './fonts';
import { reducedMotionOptions } from './motion';
import type { ThemeMode } from './paletteTypes';
import { sidebarPalettes, statusPalettes as status } from './palettes';
import { surfaceOverrides } from './surfaceOverrides';

export type { SidebarPalette, StatusPalette, ThemeMode } from './paletteTypes';
export { monoFontFamily } from './fonts';

/** The theme for a mode; `reducedMotion` (the system's setting) takes out transitions and ripples. */
export function createAppTheme(mode: ThemeMode, { reducedMotion = false } = {}): Theme {
  const dark = mode === 'dark';
  const primary = dark ? '#86a5ff' : '#3358d4';
  const divider = dark ? 'rgba(255,255,255,0.08)' : 'rgba(16,24,40,0.09)';
  const base = createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    mixins: { appBarHeight: APP_BAR_HEIGHT, toolbar: { minHeight: APP_BAR_HEIGHT } },
    palette: {
      mode,
      primary: { main: primary, contrastText: dark ? '#0b1220' : '#ffffff' },
      secondary: { main: dark ? '#2dd4bf' : '#0f9484', contrastText: dark ? '#0b1220' : '#ffffff' },
      success: { main: status[mode].success },
      warning: { main: status[mode].warning },
      error: { main: status[mode].failure },
      info: { main: status[mode].pending },
      background: { default: dark ? '#0b111b' : '#f4f6fa', paper: dark ? '#121a27' : '#ffffff' },
      text: dark
        ? { primary: '#e7ebf3', secondary: '#9aa4b6', disabled: '#5d6778' }
        : { primary: '#111827', secondary: '#5a6478', disabled: '#a0a8b5' },
      divider,
      status: status[mode],
      sidebar: sidebarPalettes[mode],
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, fontSize: '1.75rem', letterSpacing: '-0.015em' },
      h5: { fontWeight: 650, fontSize: '1.3rem', letterSpacing: '-0.01em' },
      h6: { fontWeight: 650, fontSize: '1.05rem', letterSpacing: '-0.005em' },
      subtitle1: { fontWeight: 600 },
      subtitle2: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
  });

  const t = base;
  const themed = createTheme(base, {
    components: {
      ...surfaceOverrides(t, dark, divider),
      ...dataOverrides(t, dark, divider),
      // The app renders only in the browser: media queries answer on the first render, so a
      // screen does not draw its wide layout first and swap it (and a control just clicked) for
      // the narrow one a moment later.
      MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    },
  });
  return reducedMotion ? createTheme(themed, reducedMotionOptions) : themed;
}
