import type { RowData } from '@tanstack/react-table';
import type { ColumnInfo } from './columnSettings';
import { GRID_MIN_COLUMN_WIDTH } from './constants';
import type { GridColumnDef } from './features';

/** The id TanStack gives a column definition (explicit id, else accessor key, else string header). */
export function columnDefId<T extends RowData>(def: GridColumnDef<T>): string {
  const d = def as { id?: string; accessorKey?: unknown; header?: unknown };
  if (d.id) return d.id;
  if (d.accessorKey !== undefined) return String(d.accessorKey).replaceAll('.', '_');
  if (typeof d.header === 'string') return d.header;
  return '';
}

/** What the settings logic needs to know about the caller's columns. */
export function columnInfos<T extends RowData>(columns: readonly GridColumnDef<T>[]): ColumnInfo[] {
  return columns.map((def) => ({
    id: columnDefId(def),
    defaultHidden: def.meta?.defaultHidden,
    canHide: def.enableHiding !== false,
    minWidth: def.minSize ?? GRID_MIN_COLUMN_WIDTH,
    maxWidth: def.maxSize,
  }));
}
