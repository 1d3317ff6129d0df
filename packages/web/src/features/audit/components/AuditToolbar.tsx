import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HISTORY_DAY_CHOICES } from '../../../components/results/constants';
import { MARK_LABELS, type MarkKind } from '../../../lib/auditWindows';

/**
 * The bar above the Audit grid: with rows selected, the marks for all of them; otherwise the
 * length of the history bars.
 */
export function AuditToolbar({
  selectedCount,
  canEdit,
  onMark,
  onClearSelection,
  historyDays,
  onHistoryDaysChange,
  small,
  exportAction,
}: {
  selectedCount: number;
  canEdit: boolean;
  onMark: (kind: MarkKind) => void;
  onClearSelection: () => void;
  historyDays: number;
  onHistoryDaysChange: (days: number) => void;
  /** Small screens leave out the hint. */
  small: boolean;
  /** The Export button, at the end of the bar. */
  exportAction?: ReactNode;
}) {
  return selectedCount > 0 ? (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 650, fontSize: 14, mr: 0.5 }}>{selectedCount} selected</Typography>
      {canEdit &&
        (['verify', 'remediate', 'restore'] as const).map((k) => (
          <Button key={k} size="small" variant={k === 'verify' ? 'contained' : 'outlined'} onClick={() => onMark(k)}>
            {MARK_LABELS[k].verb} {selectedCount}
          </Button>
        ))}
      <Button size="small" onClick={() => onClearSelection()}>
        Clear selection
      </Button>
    </Box>
  ) : (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        select
        id="audit-history-days"
        label="History"
        size="small"
        value={historyDays}
        onChange={(e) => onHistoryDaysChange(Number(e.target.value))}
        fullWidth={false}
        sx={{ width: 130 }}
      >
        {HISTORY_DAY_CHOICES.map((n) => (
          <MenuItem key={n} value={n}>
            {n} days
          </MenuItem>
        ))}
      </TextField>
      {!small && (
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
          Click a day in a history bar to open that day.
        </Typography>
      )}
      {exportAction && <Box sx={{ ml: 'auto' }}>{exportAction}</Box>}
    </Box>
  );
}
