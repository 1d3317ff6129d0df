// The columns of the admin insights grid: tenant, total, one per insight type, computed, recompute.
import Box from '@mui/material/Box';
import { INSIGHT_TYPES, InsightType, type AdminInsightRow } from '@vigil/contract';
import { gridColumnHelper, type GridColumnDef } from '../../../../components/grid';
import { relativeTime } from '../../../../lib/format';
import { countsByType } from '../../../../lib/insightText';
import { formatUtc } from '../../../../lib/utcFormat';
import { RecomputeButton } from './RecomputeButton';

const col = gridColumnHelper<AdminInsightRow>();

/** Column headings short enough to keep every type on screen; the full title is the tooltip. */
const SHORT_TITLES: Record<InsightType, string> = {
  BackupMissingSchedule: 'Missing',
  BackupExtraSchedule: 'Extra',
  BackupType: 'Type',
  BackupStartOfBusinessDay: 'Start of day',
  BackupNotUpdating: 'Not updating',
  BackupRetireSuggestion: 'Retire',
  BackupResultsDecreased: 'Decreased',
};

export function adminInsightColumns(
  busy: number | null,
  start: (row: AdminInsightRow) => Promise<void>,
): GridColumnDef<AdminInsightRow>[] {
  return [
    col.accessor('TenantName', {
      id: 'tenant',
      header: 'Tenant',
      size: 170,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((r) => countsByType(r.Insights).total, {
      id: 'total',
      header: 'Total',
      size: 100,
      meta: { tile: 'subtitle', align: 'right', sortDescFirst: true },
    }),
    ...InsightType.options.map((t) =>
      col.accessor((r) => countsByType(r.Insights).byType[t], {
        id: t,
        header: () => <span title={INSIGHT_TYPES[t].title}>{SHORT_TITLES[t]}</span>,
        // Uppercase headings: about 9 px a letter plus the sort icon and padding.
        size: Math.max(100, SHORT_TITLES[t].length * 9 + 52),
        meta: { tile: 'field', align: 'right', sortDescFirst: true, label: INSIGHT_TYPES[t].title },
      }),
    ),
    col.accessor('ComputedAt', {
      id: 'computed',
      header: 'Computed',
      size: 130,
      meta: { tile: 'field' },
      cell: (c) => {
        const v = c.getValue();
        return v ? <span title={formatUtc(v)}>{relativeTime(v)}</span> : 'Never';
      },
    }),
    col.display({
      id: 'actions',
      header: '',
      size: 64,
      enableSorting: false,
      enableResizing: false,
      meta: { tile: 'field', label: 'Recompute' },
      cell: (c) => <RecomputeButton row={c.row.original} busy={busy} onStart={start} />,
    }),
  ];
}
