import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { RowData } from '@tanstack/react-table';
import { gridColumnHelper, type GridColumnDef } from './features';

/** One icon button of a row's actions cell. */
export interface RowAction {
  /** The tooltip. */
  title: string;
  /** The accessible name, naming the row (the tooltip when absent). */
  label?: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The icon buttons at the end of a grid row. A click acts on the button only, never opens the row,
 * and a disabled button keeps its tooltip (it sits in a span).
 */
export function RowActions({ actions }: { actions: (RowAction | false | null)[] }) {
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.25 }}>
      {actions
        .filter((a): a is RowAction => !!a)
        .map((a) => (
          <Tooltip key={a.title} title={a.title}>
            <span>
              <IconButton
                size="small"
                tabIndex={-1}
                aria-label={a.label ?? a.title}
                disabled={a.disabled}
                onClick={(e) => {
                  e.stopPropagation();
                  a.onClick();
                }}
              >
                {a.icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
    </Box>
  );
}

/** The fixed, untitled "Actions" column at the end of a grid: no sorting, hiding or resizing. */
export function actionsColumn<T extends RowData>(size: number, cell: (row: T) => ReactNode): GridColumnDef<T> {
  return gridColumnHelper<T>().display({
    id: 'actions',
    header: '',
    size,
    enableSorting: false,
    enableHiding: false,
    enableResizing: false,
    meta: { label: 'Actions', align: 'center' },
    cell: (c) => cell(c.row.original),
  });
}
