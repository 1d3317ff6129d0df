// The look of a report's tables on screen and in print.
import { alpha, type Theme } from '@mui/material/styles';

export function reportTableSx(t: Theme) {
  const line = t.palette.divider;
  return {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: 13,
    fontVariantNumeric: 'tabular-nums',
    '& th, & td': { px: 1, py: 0.75, borderBottom: `1px solid ${line}`, textAlign: 'left', verticalAlign: 'top' },
    '& th': {
      fontWeight: 600,
      color: 'text.secondary',
      bgcolor: t.palette.grey[50],
      borderBottom: `2px solid ${line}`,
      whiteSpace: 'nowrap',
    },
    '& td.num, & th.num': { textAlign: 'right', whiteSpace: 'nowrap' },
    '& td.when': { whiteSpace: 'nowrap' },
    '& tbody tr:nth-of-type(even) td': { bgcolor: alpha(t.palette.grey[100], 0.5) },
    '& tfoot td': { fontWeight: 700, borderTop: `2px solid ${line}`, borderBottom: 'none' },
    '& .status': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 0.75,
      px: 1,
      py: 0.25,
      borderRadius: 10,
      fontSize: 12,
      fontWeight: 600,
      whiteSpace: 'nowrap',
      color: 'var(--status)',
      bgcolor: 'var(--status-bg)',
    },
    '& .status::before': { content: '""', width: 7, height: 7, borderRadius: '50%', bgcolor: 'var(--status)' },
    // Print (features §2.5 print button): headers repeat on every page, rows do not split,
    // and totals print once at the end rather than under every page.
    '@media print': {
      fontSize: 10,
      '& thead': { display: 'table-header-group' },
      '& tfoot': { display: 'table-row-group' },
      '& tr': { breakInside: 'avoid' },
      '& th, & td': { px: 0.5, py: 0.4 },
      '& .status': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
    },
  } as const;
}
