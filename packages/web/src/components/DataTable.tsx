import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Messages } from '@vigil/contract';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Hide below this breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg';
  nowrap?: boolean;
}

/** A plain, responsive table with loading and empty states (the TanStack grid comes later). */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  onRowClick,
  rowLabel,
  emptyText = Messages.noItems,
  caption,
  toolbar,
  footer,
}: {
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  onRowClick?: (row: T) => void;
  /** Accessible label of a clickable row; with it the row is also reachable by keyboard. */
  rowLabel?: (row: T) => string;
  emptyText?: string;
  caption?: string;
  toolbar?: ReactNode;
  footer?: ReactNode;
}) {
  const display = (c: Column<T>) => (c.hideBelow ? { xs: 'none', [c.hideBelow]: 'table-cell' } : undefined);
  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', overflow: 'hidden' }}>
      {toolbar && <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>{toolbar}</Box>}
      <TableContainer>
        <Table size="medium" aria-label={caption}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ width: c.width, display: display(c) }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`}>
                    {columns.map((c) => (
                      <TableCell key={c.key} sx={{ display: display(c) }}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows?.map((row) => (
                  <TableRow
                    key={rowKey(row)}
                    hover={!!onRowClick}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick && rowLabel
                        ? (e) => {
                            if (e.target !== e.currentTarget) return;
                            if (e.key === 'Enter' || e.key === ' ') {
                              e.preventDefault();
                              onRowClick(row);
                            }
                          }
                        : undefined
                    }
                    tabIndex={onRowClick && rowLabel ? 0 : undefined}
                    aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                    sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {columns.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.align}
                        sx={{ display: display(c), whiteSpace: c.nowrap ? 'nowrap' : undefined }}
                      >
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6 }}>
                  <Typography sx={{ textAlign: 'center', color: 'text.secondary' }}>{emptyText}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer && <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>{footer}</Box>}
    </Paper>
  );
}
