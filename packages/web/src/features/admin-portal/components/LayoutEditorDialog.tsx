import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { QueryError } from '../../../components/QueryError';
import { useDashboardLayout } from '../api/layouts';
import { LayoutForm } from './layoutEditor/LayoutForm';

/** Create (`id` "new") or edit a dashboard layout; null keeps the dialog closed. */
export function LayoutEditorDialog({ id, onClose }: { id: number | 'new' | null; onClose: () => void }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const loaded = useDashboardLayout(typeof id === 'number' ? id : null);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={small}
      aria-labelledby="layout-editor-title"
    >
      <DialogTitle id="layout-editor-title">
        {id === 'new' ? 'New dashboard layout' : 'Edit dashboard layout'}
      </DialogTitle>
      {id === 'new' ? (
        <LayoutForm key="new" layout={null} onClose={onClose} />
      ) : loaded.isError ? (
        <DialogContent>
          <QueryError error={loaded.error} onRetry={() => void loaded.refetch()} />
        </DialogContent>
      ) : loaded.data && loaded.data.id === id ? (
        <LayoutForm key={id} layout={loaded.data} onClose={onClose} />
      ) : (
        <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <CircularProgress aria-label="Loading layout" />
        </DialogContent>
      )}
    </Dialog>
  );
}
