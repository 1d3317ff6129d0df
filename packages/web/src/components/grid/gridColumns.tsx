import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import type { RowData } from '@tanstack/react-table';
import { EXPAND_COLUMN_ID, GRID_EXPAND_COLUMN_WIDTH, GRID_SELECT_COLUMN_WIDTH, SELECT_COLUMN_ID } from './constants';
import type { GridCellContext, GridColumnDef, GridHeaderContext } from './features';

function SelectAllHeader<T extends RowData>({ table }: GridHeaderContext<T>) {
  const all = table.getIsAllRowsSelected();
  return (
    <Checkbox
      size="small"
      disableRipple
      checked={all}
      indeterminate={!all && table.getIsSomeRowsSelected()}
      onChange={(e) => table.toggleAllRowsSelected(e.target.checked)}
      slotProps={{ input: { 'aria-label': all ? 'Deselect all rows' : 'Select all rows' } }}
      sx={{ p: 0.5 }}
    />
  );
}

function SelectRowCell<T extends RowData>({ row }: GridCellContext<T>) {
  if (!row.getCanSelect()) return null;
  // A native checkbox (styled by the grid): thousands of rows scroll past, it costs far less.
  return (
    <input
      type="checkbox"
      className="vg-check"
      checked={row.getIsSelected()}
      // Shift+click selects the range from the last clicked row (TanStack reads the click's shiftKey).
      onChange={row.getToggleSelectedHandler()}
      aria-label="Select row"
      tabIndex={-1}
    />
  );
}

function ExpandRowCell<T extends RowData>({ row }: GridCellContext<T>) {
  if (!row.getCanExpand()) return null;
  const expanded = row.getIsExpanded();
  return (
    <ButtonBase
      aria-label={expanded ? 'Collapse row' : 'Expand row'}
      aria-expanded={expanded}
      tabIndex={-1}
      onClick={() => row.toggleExpanded()}
      sx={{ width: GRID_EXPAND_COLUMN_WIDTH, height: '100%', borderRadius: 1, color: 'text.secondary' }}
    >
      <ChevronRightRoundedIcon
        sx={{ fontSize: 18, transition: 'transform 120ms', transform: expanded ? 'rotate(90deg)' : 'none' }}
      />
    </ButtonBase>
  );
}

const fixed = { enableSorting: false, enableHiding: false, enableResizing: false, enableColumnFilter: false } as const;

/** The checkbox column (52 px) the grid adds when rows can be selected. */
export function selectColumn<T extends RowData>(): GridColumnDef<T> {
  return {
    id: SELECT_COLUMN_ID,
    size: GRID_SELECT_COLUMN_WIDTH,
    minSize: GRID_SELECT_COLUMN_WIDTH,
    maxSize: GRID_SELECT_COLUMN_WIDTH,
    ...fixed,
    header: SelectAllHeader,
    cell: SelectRowCell,
    meta: { align: 'center', label: 'Select' },
  };
}

/** The expand column (20 px) the grid adds for group rows. */
export function expandColumn<T extends RowData>(): GridColumnDef<T> {
  return {
    id: EXPAND_COLUMN_ID,
    size: GRID_EXPAND_COLUMN_WIDTH,
    minSize: GRID_EXPAND_COLUMN_WIDTH,
    maxSize: GRID_EXPAND_COLUMN_WIDTH,
    ...fixed,
    header: '',
    cell: ExpandRowCell,
    meta: { align: 'center', label: 'Expand' },
  };
}

/** Whether a column is one of the grid's own (selection, expansion). */
export function isGridColumn(id: string): boolean {
  return id === SELECT_COLUMN_ID || id === EXPAND_COLUMN_ID;
}
