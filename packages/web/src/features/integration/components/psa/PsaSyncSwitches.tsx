// The nightly-sync and detach switches of a PSA integration's company sync.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useSnackbar } from '../../../../components/snackbar';
import { usePsaProperties, useSavePsaProperties } from '../../api/psaFilters';

export function PsaSyncSwitches({ integrationId, canEdit }: { integrationId: number; canEdit: boolean }) {
  const snackbar = useSnackbar();
  const props = usePsaProperties(integrationId);
  const saveProps = useSavePsaProperties(integrationId);

  const setProp = (key: 'AutoSync' | 'DetachMissing', value: boolean) => {
    if (!props.data) return;
    saveProps.mutate(
      { ...props.data, [key]: value },
      {
        onSuccess: () => snackbar.success('Sync settings saved'),
        onError: (err) => snackbar.error(err),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={props.data?.AutoSync ?? false}
            onChange={(e) => setProp('AutoSync', e.target.checked)}
            disabled={!canEdit || !props.data || saveProps.isPending}
          />
        }
        label="Sync every night"
      />
      <FormControlLabel
        control={
          <Switch
            checked={props.data?.DetachMissing ?? false}
            onChange={(e) => setProp('DetachMissing', e.target.checked)}
            disabled={!canEdit || !props.data || saveProps.isPending}
          />
        }
        label="Make companies gone from the PSA local"
      />
    </Box>
  );
}
