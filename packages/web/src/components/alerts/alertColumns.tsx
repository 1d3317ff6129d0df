// The columns of an alert e-mail list, for tenants (Alert Radar) and platform admins (Alert Scope).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ThumbDownRoundedIcon from '@mui/icons-material/ThumbDownRounded';
import ThumbUpRoundedIcon from '@mui/icons-material/ThumbUpRounded';
import type { AlertEmailRow } from '@vigil/contract';
import { gridColumnHelper, type GridColumnDef } from '../grid';
import { FeedbackKind, confidencePercent } from '../../lib/alerts';
import { AssessmentChip } from './AssessmentChip';

/** The columns both lists share; `lead` columns (e.g. the tenant) come first. */
export function alertEmailColumns<T extends AlertEmailRow>(
  formatTime: (iso: string) => string,
  lead: GridColumnDef<T>[] = [],
): GridColumnDef<T>[] {
  const col = gridColumnHelper<T>();
  return [
    ...lead,
    col.accessor((r) => r.ReceivedAt, {
      id: 'received',
      header: 'Received',
      size: 180,
      meta: { tile: 'field', sortDescFirst: true },
      cell: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(c.row.original.ReceivedAt)}</span>,
    }),
    col.accessor((r) => r.Subject, {
      id: 'subject',
      header: 'Subject',
      size: 320,
      enableHiding: false,
      meta: { tile: 'title' },
      cell: (c) => (
        <Typography noWrap sx={{ fontWeight: 600, fontSize: 14 }} title={c.row.original.Subject}>
          {c.row.original.Subject || '(no subject)'}
        </Typography>
      ),
    }),
    col.accessor((r) => r.Summary, {
      id: 'summary',
      header: 'Summary',
      size: 300,
      meta: { tile: 'field' },
      cell: (c) => (
        <Typography noWrap sx={{ fontSize: 13, color: 'text.secondary' }} title={c.row.original.Summary}>
          {c.row.original.Summary}
        </Typography>
      ),
    }),
    col.accessor((r) => r.Assessment, {
      id: 'assessment',
      header: 'Assessment',
      size: 170,
      meta: { tile: 'subtitle', label: 'Assessment' },
      cell: (c) => (
        <AssessmentChip assessment={c.row.original.Assessment} confidence={c.row.original.AssessmentConfidence} />
      ),
    }),
    col.accessor((r) => confidencePercent(r.AssessmentConfidence), {
      id: 'confidence',
      header: 'Confidence',
      size: 120,
      meta: { tile: 'field', align: 'right', defaultHidden: true },
      cell: (c) => `${c.getValue()}%`,
    }),
    col.accessor((r) => r.Classification?.Label ?? '', {
      id: 'type',
      header: 'Alert type',
      size: 150,
      meta: { tile: 'field' },
    }),
    col.accessor((r) => r.Labels.join(', '), {
      id: 'labels',
      header: 'Labels',
      size: 220,
      meta: { tile: 'field' },
      cell: (c) => (
        <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
          {c.row.original.Labels.slice(0, 3).map((l) => (
            <Chip key={l} size="small" variant="outlined" label={l} />
          ))}
          {c.row.original.Labels.length > 3 && (
            <Chip size="small" variant="outlined" label={`+${c.row.original.Labels.length - 3}`} />
          )}
        </Box>
      ),
    }),
    col.accessor((r) => r.Feedback, {
      id: 'feedback',
      header: 'Feedback',
      size: 110,
      meta: { tile: 'field', align: 'center' },
      cell: (c) =>
        c.row.original.Feedback === FeedbackKind.Positive ? (
          <ThumbUpRoundedIcon fontSize="small" color="success" titleAccess="Good analysis" />
        ) : c.row.original.Feedback === FeedbackKind.Negative ? (
          <ThumbDownRoundedIcon fontSize="small" color="error" titleAccess="Poor analysis" />
        ) : (
          ''
        ),
    }),
    col.accessor((r) => r.VersionsCount, {
      id: 'versions',
      header: 'Versions',
      size: 110,
      meta: { tile: 'field', align: 'right', defaultHidden: true },
    }),
  ];
}
