import type { RowData } from '@tanstack/react-table';
import { normalizeColumnSettings, type ColumnSettings } from '../../components/grid';
import { columnInfos } from '../../components/grid/columnInfo';
import { orderWithPinned } from '../../components/grid/pinnedColumns';
import type { GridColumnDef } from '../../components/grid';

/** Grid columns with no value to put in a file. */
const NOT_EXPORTED = new Set(['history', 'actions']);

/** The Audit grid's visible column ids in the order shown (pinned first), for the export. */
export function visibleAuditColumns<T extends RowData>(
  columns: readonly GridColumnDef<T>[],
  saved: Partial<ColumnSettings> | undefined,
  pinned: readonly string[],
): string[] {
  const settings = normalizeColumnSettings(saved, columnInfos(columns));
  const hidden = new Set(settings.hidden);
  return orderWithPinned(settings.order, pinned).filter((id) => !hidden.has(id) && !NOT_EXPORTED.has(id));
}
