// One logged error in full: type, time (UTC), source, tenant, user and the detail.
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { ErrorLogRow, ErrorLogType } from '@vigil/contract';
import { formatUtc } from '../../../../lib/utcFormat';
import { TYPE_LABELS, mono } from './errorLogColumns';

export function ErrorLogDialog({ open, onClose }: { open: ErrorLogRow | null; onClose: () => void }) {
  return (
    <Dialog open={!!open} onClose={() => onClose()} fullWidth maxWidth="md">
      {open && (
        <>
          <DialogTitle sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pr: 1 }}>
            <Box sx={{ flex: 1, overflowWrap: 'anywhere' }}>{open.Message}</Box>
            <IconButton aria-label="Close" onClick={() => onClose()}>
              <CloseRoundedIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Typography sx={{ fontSize: 13.5, color: 'text.secondary', mb: 1.5 }}>
              {TYPE_LABELS[open.Type as ErrorLogType] ?? open.Type} · {formatUtc(open.At, 'MM/DD/yyyy hh:mm:ss A')} ·{' '}
              {open.Source}
              {open.TenantName ? ` · ${open.TenantName}` : ''}
              {open.UserEmail ? ` · ${open.UserEmail}` : ''}
            </Typography>
            <Box
              component="pre"
              sx={{
                ...mono,
                fontSize: 12.5,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                m: 0,
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {open.Detail ?? 'No further detail.'}
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
