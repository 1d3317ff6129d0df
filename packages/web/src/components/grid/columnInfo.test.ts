import { describe, expect, it } from 'vitest';
import { constructTable, tableFeatures, type RowData } from '@tanstack/react-table';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { columnDefId, columnInfos } from './columnInfo';
import { gridColumnHelper, gridFeatures, type GridColumnDef } from './features';
import { normalizeColumnSettings, visibilityState } from './columnSettings';
import { nextSorting } from './sorting';

interface Job {
  id: string;
  name: string;
  size: number;
  target: { host: string };
}
const col = gridColumnHelper<Job>();
const columns: GridColumnDef<Job>[] = col.columns([
  col.accessor('name', { header: 'Name', meta: { tile: 'title', headerFilter: true } }),
  col.accessor('size', { header: 'Size', minSize: 100, meta: { sortDescFirst: true, align: 'right' } }),
  col.accessor('target.host', { header: 'Host', meta: { defaultHidden: true } }),
  col.display({ id: 'actions', header: () => null, enableHiding: false }),
]);
const data: Job[] = [
  { id: 'a', name: 'beta', size: 5, target: { host: 'h1' } },
  { id: 'b', name: 'alpha', size: 20, target: { host: 'h2' } },
  { id: 'c', name: 'gamma', size: 10, target: { host: 'h3' } },
];

// Outside React the table needs TanStack Store reactivity (the React adapter brings its own).
const nodeFeatures = tableFeatures({ ...gridFeatures, coreReactivityFeature: storeReactivityBindings() });

function table<T extends RowData>(state: Record<string, unknown>, rows: T[], cols: GridColumnDef<T>[]) {
  return constructTable({
    features: nodeFeatures,
    data: rows,
    columns: cols,
    getRowId: (r: T) => (r as { id: string }).id,
    defaultColumn: { size: 160, minSize: 80, filterFn: 'includesString' },
    state,
  });
}

describe('grid columns', () => {
  it('are named as TanStack names them', () => {
    const t = table({}, data, columns);
    expect(columns.map(columnDefId)).toEqual(t.getAllLeafColumns().map((c) => c.id));
    expect(columns.map(columnDefId)).toEqual(['name', 'size', 'target_host', 'actions']);
  });

  it('tell the settings their limits and defaults', () => {
    expect(columnInfos(columns)).toEqual([
      { id: 'name', defaultHidden: undefined, canHide: true, minWidth: 80, maxWidth: undefined },
      { id: 'size', defaultHidden: undefined, canHide: true, minWidth: 100, maxWidth: undefined },
      { id: 'target_host', defaultHidden: true, canHide: true, minWidth: 80, maxWidth: undefined },
      { id: 'actions', defaultHidden: undefined, canHide: false, minWidth: 80, maxWidth: undefined },
    ]);
  });

  it('drive a TanStack table: order, hidden columns, widths, sorting and a text filter', () => {
    const settings = normalizeColumnSettings(
      { order: ['size', 'name'], widths: { name: 50, size: 200 }, hidden: ['name'] },
      columnInfos(columns),
    );
    // Columns missing from the saved order follow their default predecessor.
    expect(settings.order).toEqual(['size', 'target_host', 'actions', 'name']);
    expect(settings.hidden).toEqual(['target_host', 'name']);
    const sorting = nextSorting([], 'size', true);
    const t = table(
      {
        columnOrder: settings.order,
        columnVisibility: visibilityState(settings),
        columnSizing: settings.widths,
        sorting,
        columnFilters: [],
      },
      data,
      columns,
    );
    expect(t.getVisibleLeafColumns().map((c) => c.id)).toEqual(['size', 'actions']);
    expect(t.getColumn('size')!.getSize()).toBe(200);
    expect(t.getColumn('name')!.getSize()).toBe(80);
    expect(t.getRowModel().rows.map((r) => r.id)).toEqual(['b', 'c', 'a']);

    const filtered = table({ columnFilters: [{ id: 'name', value: 'MM' }] }, data, columns);
    expect(filtered.getRowModel().rows.map((r) => r.id)).toEqual(['c']);
  });
});
