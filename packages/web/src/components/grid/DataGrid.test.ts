import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SnackbarProvider } from '../snackbar';
import { DataGrid, type DataGridProps } from './DataGrid';
import { gridColumnHelper, type GridColumnDef } from './features';

interface Backup {
  id: string;
  device: string;
  size: number;
}
const col = gridColumnHelper<Backup>();
const columns: GridColumnDef<Backup>[] = col.columns([
  col.accessor('device', { header: 'Device', meta: { tile: 'title', headerFilter: true } }),
  col.accessor('size', { header: 'Size', meta: { align: 'right', sortDescFirst: true } }),
  col.accessor('id', { header: 'Id', meta: { defaultHidden: true } }),
]);
const data: Backup[] = [
  { id: 'a', device: 'SRV-1', size: 10 },
  { id: 'b', device: 'SRV-2', size: 20 },
];

// The server render (no DOM, no scroll container): header, footer and ARIA, no virtual rows.
const render = (props: Partial<DataGridProps<Backup>> = {}) =>
  renderToStaticMarkup(
    createElement(
      SnackbarProvider,
      null,
      createElement(DataGrid<Backup>, { label: 'Backups', columns, data, getRowId: (r) => r.id, ...props }),
    ),
  );

describe('DataGrid markup', () => {
  it('is a grid with sortable column headers and a filter row', () => {
    const html = render({ sorting: [{ id: 'size', desc: true }], onSortingChange: () => {} });
    expect(html).toContain('role="grid"');
    expect(html).toContain('aria-label="Backups"');
    // Header row + filter row + 2 rows.
    expect(html).toContain('aria-rowcount="4"');
    expect(html).toMatch(
      /data-column-id="size"[^>]*aria-sort="descending"|aria-sort="descending"[^>]*data-column-id="size"/,
    );
    expect(html).toMatch(/aria-sort="none"[^>]*data-column-id="device"/);
    expect(html).toContain('aria-label="Filter Device"');
    expect(html).toContain('aria-label="Grid menu"');
    // A default-hidden column is not rendered.
    expect(html).not.toContain('data-column-id="id"');
  });

  it('adds the selection column and counts the total for infinite scroll', () => {
    const html = render({
      enableRowSelection: true,
      total: 1234,
      hasMore: true,
      onLoadMore: () => {},
      pageSize: 50,
      onPageSizeChange: () => {},
    });
    expect(html).toContain('data-column-id="__select"');
    expect(html).toContain('aria-multiselectable="true"');
    expect(html).toContain('aria-rowcount="1236"');
    expect(html).toContain('Showing 2 of 1,234 rows · page 1 of 25');
    expect(html).toContain('Per page');
  });

  it('applies saved column settings', () => {
    const html = render({ settings: { order: ['id', 'size', 'device'], hidden: [], widths: { device: 300 } } });
    expect(html.indexOf('data-column-id="size"')).toBeLessThan(html.indexOf('data-column-id="device"'));
    expect(html.indexOf('data-column-id="id"')).toBeLessThan(html.indexOf('data-column-id="size"'));
    expect(html).toContain('--grid-col-device:300px');
    // A column the saved order does not know yet keeps its default (here: hidden).
    expect(render({ settings: { order: ['size', 'device'], hidden: [] } })).not.toContain('data-column-id="id"');
  });

  it('shows skeleton rows while loading and the empty text once loaded', () => {
    expect(render({ data: [], loading: true })).toContain('MuiSkeleton');
    expect(render({ data: [], emptyText: 'No backups yet' })).toContain('No backups yet');
  });
});
