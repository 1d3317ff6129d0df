// Company sync of a PSA integration: sync now with its runtime status, and the sync switches.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import type { CompanySyncResult } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { useAuth } from '../../../../lib/queries';
import { invalidatePsa } from '../../api/psaKeys';
import { OperationStatusLine } from './OperationStatus';
import { PsaSyncSwitches } from './PsaSyncSwitches';
import { useOperation } from '../useOperation';

/** `dirty`: the filters have unsaved changes, so a sync would not use them yet. */
export function PsaSyncPanel({
  integrationId,
  canEdit,
  dirty,
}: {
  integrationId: number;
  canEdit: boolean;
  dirty: boolean;
}) {
  const auth = useAuth();
  const snackbar = useSnackbar();
  const sync = useOperation<CompanySyncResult>(integrationId, 'companies-sync', (op) => {
    void invalidatePsa(auth?.tenantId ?? null);
    if (op.Status === 'completed') snackbar.success('Companies synced');
  });
  const result = sync.op?.Status === 'completed' ? sync.op.Data : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: '14px' }} aria-labelledby="psa-sync-title">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography id="psa-sync-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
            Company sync
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>
            PSA companies that pass the filters below become companies in Vigil; a local company with the same name
            becomes the PSA company.
          </Typography>
        </Box>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<SyncRoundedIcon />}
            onClick={() => void sync.start()}
            loading={sync.running}
            disabled={dirty}
            title={dirty ? 'Save the filters first' : undefined}
          >
            Sync companies now
          </Button>
        )}
      </Box>
      <OperationStatusLine
        op={sync.op}
        error={sync.error}
        testId="psa-sync-status"
        doneText={
          result
            ? `Completed: ${result.Created} created, ${result.Updated} updated, ${result.Detached} made local (${result.Total} in the PSA)`
            : undefined
        }
      />
      <PsaSyncSwitches integrationId={integrationId} canEdit={canEdit} />
    </Paper>
  );
}
