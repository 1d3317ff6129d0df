import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { clipText, formatBytes, splitRawEmail } from '../../lib/ingest';
import { CopyButton } from '../CopyButton';
import { QueryError } from '../QueryError';

export interface RawEmailTarget {
  /** Identifies the e-mail in the query cache, e.g. ['tenant', 12]. */
  key: readonly unknown[];
  subject: string;
  size: number;
  load: () => Promise<string>;
  download: () => void;
}

/** "View raw": the e-mail exactly as it arrived, headers first, in a monospace scroll box. */
export function RawEmailDialog({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: RawEmailTarget | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const raw = useQuery({
    queryKey: ['raw-email', ...(target?.key ?? [])],
    queryFn: () => target!.load(),
    enabled: open && !!target,
    staleTime: 5 * 60_000,
  });
  const shown = raw.data !== undefined ? clipText(raw.data) : null;
  const parts = shown ? splitRawEmail(shown.text) : null;

  return (
    <Dialog
      open={open && !!target}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="raw-email-title"
    >
      <DialogTitle id="raw-email-title" sx={{ pr: 7 }}>
        <Typography component="span" variant="overline" sx={{ display: 'block', color: 'text.secondary' }}>
          Raw e-mail{target ? ` · ${formatBytes(target.size)}` : ''}
        </Typography>
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {target?.subject || '(no subject)'}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        {raw.isError ? (
          <Box sx={{ p: 3 }}>
            <QueryError error={raw.error} onRetry={() => void raw.refetch()} />
          </Box>
        ) : !parts ? (
          <Box sx={{ p: 3 }} aria-busy="true">
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} width={`${60 + ((i * 37) % 40)}%`} />
            ))}
          </Box>
        ) : (
          <>
            {shown?.clipped && (
              <Alert severity="info" sx={{ borderRadius: 0 }}>
                This e-mail is large: the start is shown here. Download the .eml for all of it.
              </Alert>
            )}
            <Box
              component="pre"
              data-testid="raw-email"
              tabIndex={0}
              aria-label="Raw e-mail source"
              sx={(t) => ({
                m: 0,
                p: { xs: 2, sm: 3 },
                minHeight: 240,
                maxHeight: fullScreen ? 'none' : '65vh',
                flex: 1,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                fontSize: 12.5,
                lineHeight: 1.65,
                bgcolor: t.palette.mode === 'dark' ? alpha('#000', 0.25) : '#f8f9fc',
                '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
              })}
            >
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {parts.headers}
              </Box>
              {parts.body && (
                <>
                  {'\n\n'}
                  <Box component="span" sx={{ color: 'text.primary' }}>
                    {parts.body}
                  </Box>
                </>
              )}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1 }}>
        {raw.data !== undefined && (
          <CopyButton text={raw.data} label="Copy raw e-mail" successMessage="Raw e-mail copied" />
        )}
        <Button startIcon={<FileDownloadOutlinedIcon />} onClick={() => target?.download()}>
          Download .eml
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
