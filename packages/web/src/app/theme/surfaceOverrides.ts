// MUI component defaults of the theme: buttons, surfaces (paper, cards) and inputs.
import { alpha, type Theme } from '@mui/material/styles';
import { monoFontFamily } from './fonts';

export function surfaceOverrides(t: Theme, dark: boolean, divider: string) {
  return {
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
  };
}
