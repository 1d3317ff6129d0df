import type { GridColumnMeta } from './features';

interface TileColumn {
  id: string;
  columnDef: { meta?: GridColumnMeta };
}

export interface TileLayout<C> {
  title: C | undefined;
  subtitle: C | undefined;
  fields: C[];
}

/** Fields shown on a tile when no column says where it goes. */
const FALLBACK_FIELDS = 3;

/**
 * Which columns a mobile tile shows: the column marked `tile: 'title'` (else the first
 * visible one), the one marked `'subtitle'`, and the visible ones marked `'field'`. With no
 * tile marks at all, the first visible column is the title and the next three are fields.
 * `columns` are the data columns in display order.
 */
export function tileLayout<C extends TileColumn>(
  columns: readonly C[],
  isVisible: (id: string) => boolean,
): TileLayout<C> {
  const marked = columns.some((c) => c.columnDef.meta?.tile);
  const visible = columns.filter((c) => isVisible(c.id));
  if (!marked) {
    const [title, ...rest] = visible;
    return { title, subtitle: undefined, fields: rest.slice(0, FALLBACK_FIELDS) };
  }
  const title = columns.find((c) => c.columnDef.meta?.tile === 'title') ?? visible[0];
  const subtitle = columns.find((c) => c.columnDef.meta?.tile === 'subtitle' && c !== title);
  const fields = visible.filter((c) => c.columnDef.meta?.tile === 'field' && c !== title && c !== subtitle);
  return { title, subtitle, fields };
}
