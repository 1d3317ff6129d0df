// MUI component defaults of the theme: tables, chips, tooltips, dialogs, menus, alerts and links.
import { alpha, type Theme } from '@mui/material/styles';

export function dataOverrides(t: Theme, dark: boolean, divider: string) {
  return {
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
  };
}
