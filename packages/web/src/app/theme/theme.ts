import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { APP_BAR_HEIGHT, BREAKPOINTS } from '@vigil/contract';

export type ThemeMode = 'light' | 'dark';

/** Result status colours (platform §3) used by chips, charts and legends. */
export interface StatusPalette {
  success: string;
  warning: string;
  failure: string;
  noResult: string;
  pending: string;
  suppressedNoResult: string;
  notScheduled: string;
}

export interface SidebarPalette {
  background: string;
  text: string;
  muted: string;
  hover: string;
  active: string;
  activeText: string;
  border: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    status: StatusPalette;
    sidebar: SidebarPalette;
  }
  interface PaletteOptions {
    status?: StatusPalette;
    sidebar?: SidebarPalette;
  }
  interface Mixins {
    appBarHeight: number;
  }
  interface MixinsOptions {
    appBarHeight?: number;
  }
}

const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const monoFontFamily = [
  '"JetBrains Mono"',
  '"SFMono-Regular"',
  'Menlo',
  'Consolas',
  '"Liberation Mono"',
  'monospace',
].join(',');

const status: Record<ThemeMode, StatusPalette> = {
  light: {
    success: '#1f9d63',
    warning: '#d99a00',
    failure: '#e0474c',
    noResult: '#8a94a6',
    pending: '#3b7ddd',
    suppressedNoResult: '#b9c1cd',
    notScheduled: '#d5dae2',
  },
  dark: {
    success: '#3cc587',
    warning: '#f2b531',
    failure: '#f26d71',
    noResult: '#9aa4b5',
    pending: '#6aa3f5',
    suppressedNoResult: '#6b7585',
    notScheduled: '#465062',
  },
};

export function createAppTheme(mode: ThemeMode): Theme {
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
      sidebar: dark
        ? {
            background: '#0d141f',
            text: '#c3cbd9',
            muted: '#7c8799',
            hover: 'rgba(255,255,255,0.05)',
            active: 'rgba(134,165,255,0.16)',
            activeText: '#ffffff',
            border: 'rgba(255,255,255,0.06)',
          }
        : {
            background: '#0f1a2c',
            text: '#c9d2e2',
            muted: '#7f8ba1',
            hover: 'rgba(255,255,255,0.06)',
            active: 'rgba(112,146,255,0.22)',
            activeText: '#ffffff',
            border: 'rgba(255,255,255,0.06)',
          },
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
  return createTheme(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          'code, kbd, pre, samp': { fontFamily: monoFontFamily },
          '::selection': { backgroundColor: alpha(t.palette.primary.main, 0.25) },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 16 }, sizeSmall: { paddingInline: 10 } },
      },
      MuiIconButton: { styleOverrides: { root: { borderRadius: 8 } } },
      MuiPaper: {
        styleOverrides: {
          root: { backgroundImage: 'none' },
          outlined: { borderColor: divider },
        },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: {
          root: {
            borderRadius: 14,
            borderColor: divider,
            boxShadow: dark ? 'none' : '0 1px 2px rgba(16,24,40,0.04), 0 1px 3px rgba(16,24,40,0.03)',
          },
        },
      },
      MuiCardHeader: {
        styleOverrides: {
          root: { padding: '18px 20px 6px' },
          title: { fontSize: '1.02rem', fontWeight: 650 },
          subheader: { fontSize: '0.85rem', marginTop: 2 },
        },
      },
      MuiCardContent: { styleOverrides: { root: { padding: 20, '&:last-child': { paddingBottom: 20 } } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: { borderRadius: 8, backgroundColor: dark ? alpha('#ffffff', 0.02) : '#ffffff' },
        },
      },
      MuiTableCell: {
        styleOverrides: {
          root: {
            borderColor: divider,
            paddingTop: 12,
            paddingBottom: 12,
            [t.breakpoints.down('sm')]: { paddingLeft: 10, paddingRight: 10 },
          },
          head: {
            fontSize: '0.72rem',
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: '0.06em',
            color: t.palette.text.secondary,
            backgroundColor: dark ? alpha('#ffffff', 0.02) : '#f8f9fc',
            whiteSpace: 'nowrap',
          },
        },
      },
      MuiTableRow: {
        styleOverrides: {
          root: { '&:last-child td': { borderBottom: 0 } },
          hover: { '&:hover': { backgroundColor: alpha(t.palette.primary.main, dark ? 0.06 : 0.035) } },
        },
      },
      MuiChip: { styleOverrides: { root: { fontWeight: 600, borderRadius: 7 }, sizeSmall: { height: 24 } } },
      MuiTooltip: { defaultProps: { arrow: true }, styleOverrides: { tooltip: { fontSize: '0.78rem' } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650, fontSize: '1.1rem' } } },
      MuiMenu: { styleOverrides: { paper: { borderRadius: 12 } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
