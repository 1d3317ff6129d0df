import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Insight, InsightType } from '@vigil/contract';
import { applyConfirmation } from '../../../lib/insightText';

/** Confirms an apply, naming what changes on which backups. */
export function ApplyDialog({
  type,
  rows,
  onClose,
  onApply,
}: {
  type: InsightType;
  rows: readonly Insight[] | null;
  onClose: () => void;
  onApply: (rows: readonly Insight[]) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const text = rows ? applyConfirmation(type, rows) : null;
  const confirm = async () => {
    if (!rows) return;
    setBusy(true);
    try {
      await onApply(rows);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={!!rows}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="apply-insights-title"
    >
      <DialogTitle id="apply-insights-title">{text?.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          The {text?.field} of {rows?.length === 1 ? 'this backup changes' : 'these backups change'} to the suggested
          one:
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {text?.lines.map((line) => (
            <Typography component="li" key={line} sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
          {!!text?.more && (
            <Typography component="li" sx={{ fontSize: 14, color: 'text.secondary' }}>
              and {text.more} more
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" loading={busy} onClick={() => void confirm()}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
