import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import type { Dashboard } from '@vigil/contract';
import { CopyButton } from '../../../components/CopyButton';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { useCreateShareLink, useDeleteShareLink, useShareLinks } from '../api/dashboards';
import { shareUrl } from '../lib/tiles';

/**
 * Share links (features §4.1): generate a link (its address is shown once, to copy), list the
 * active ones and deactivate them; the count follows.
 */
export function ShareDialog({ dashboard, onClose }: { dashboard: Dashboard; onClose: () => void }) {
  const snackbar = useSnackbar();
  // Every time a tenant user sees is in the tenant's zone, not the browser's.
  const formats = useTenantFormats();
  const links = useShareLinks(dashboard.id, true);
  const create = useCreateShareLink();
  const remove = useDeleteShareLink();
  const [fresh, setFresh] = useState<string | null>(null);

  const generate = () =>
    create.mutate(dashboard.id, {
      onSuccess: (res) => {
        setFresh(shareUrl(res, window.location.origin));
        void links.refetch();
      },
      onError: (err) => snackbar.error(err),
    });

  const count = links.data?.linksCount ?? dashboard.linksCount;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share · {dashboard.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Anyone with a link can view this dashboard without signing in, read-only. Deactivate a link to stop it
          working.
        </Typography>
        <Box>
          <Button variant="contained" onClick={generate} loading={create.isPending}>
            Generate link
          </Button>
        </Box>
        {fresh && (
          <Alert severity="success" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Copy this link now; it is not shown again.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth
                value={fresh}
                label="Share link"
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link' } }}
                onFocus={(e) => e.target.select()}
              />
              <CopyButton text={fresh} label="Copy share link" successMessage="Link copied" />
            </Box>
          </Alert>
        )}
        <Typography variant="subtitle2" aria-live="polite">
          {count === 1 ? '1 active link' : `${count} active links`}
        </Typography>
        {links.error ? (
          <QueryError error={links.error} onRetry={() => void links.refetch()} />
        ) : links.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : (
          links.data.links.length > 0 && (
            <List dense aria-label="Active links" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
              {links.data.links.map((l) => (
                <ListItem
                  key={l.id}
                  secondaryAction={
                    <Tooltip title="Deactivate">
                      <IconButton
                        aria-label={`Deactivate link ${l.id}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(
                            { id: dashboard.id, linkId: l.id },
                            {
                              onSuccess: () => {
                                snackbar.success('Link deactivated');
                                void links.refetch();
                              },
                              onError: (err) => snackbar.error(err),
                            },
                          )
                        }
                      >
                        <LinkOffRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={`Created ${formats.dateTime(l.createdAt)}`}
                    secondary={l.createdBy ? `by ${l.createdBy}` : undefined}
                  />
                </ListItem>
              ))}
            </List>
          )
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
