import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { ItGlueMode, ItGlueRegion, ItGlueSettingsOptions, ItGlueSourceRow } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useSaveItGlue } from '../api/itglue';

interface Form {
  Name: string;
  Region: ItGlueRegion;
  BaseUrl: string;
  ApiKey: string;
  Mode: ItGlueMode;
  FlexibleAssetTypeId: string;
  ConfigurationTypeId: string;
}

const fromRow = (row: ItGlueSourceRow | null, options: ItGlueSettingsOptions | undefined): Form => ({
  Name: row?.Name ?? 'IT Glue',
  Region: row?.Region ?? 'us',
  BaseUrl: row?.BaseUrl ?? options?.Regions[0]?.BaseUrl ?? 'https://api.itglue.com',
  ApiKey: '',
  Mode: row?.Mode ?? 'FlexibleAsset',
  FlexibleAssetTypeId: row?.FlexibleAssetTypeId ? String(row.FlexibleAssetTypeId) : '',
  ConfigurationTypeId: row?.ConfigurationTypeId ? String(row.ConfigurationTypeId) : '',
});

/** The connection's region, key and where the push goes; the key is checked with IT Glue on save. */
export function ItGlueForm({ row, options }: { row: ItGlueSourceRow | null; options?: ItGlueSettingsOptions }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['integration.editintegrations']);
  const save = useSaveItGlue();
  const [form, setForm] = useState(() => fromRow(row, options));
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const disabled = !canEdit || save.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        ...(row ? { Id: row.Id } : {}),
        Name: form.Name,
        Region: form.Region,
        BaseUrl: form.BaseUrl || null,
        ApiKey: form.ApiKey || null,
        Mode: form.Mode,
        FlexibleAssetTypeId: form.FlexibleAssetTypeId ? Number(form.FlexibleAssetTypeId) : null,
        ConfigurationTypeId: form.ConfigurationTypeId ? Number(form.ConfigurationTypeId) : null,
      });
      snackbar.success(row ? 'Connection saved' : 'Connection added');
      if (!row) void navigate(`/app/integration/other/itglue/${saved.Id}`, { replace: true });
    } catch (err) {
      // IT Glue's reason for refusing the key, and what is wrong with each field.
      setAlert(resolveErrorMessage(err));
      if (err instanceof ApiError) setErrors(err.fieldErrors);
    }
  };

  const types = options?.FlexibleAssetTypes ?? [];
  const configTypes = options?.ConfigurationTypes ?? [];
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="IT Glue connection"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: '14px', display: 'grid', gap: 2.25 }}
    >
      {alert && (
        <Alert severity="error" role="alert" data-testid="itglue-error">
          {alert}
        </Alert>
      )}
      <TextField
        label="Name"
        required
        value={form.Name}
        disabled={disabled}
        error={!!errors.Name}
        helperText={errors.Name}
        onChange={(e) => set('Name', e.target.value)}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <TextField
          select
          label="Region"
          value={form.Region}
          disabled={disabled}
          onChange={(e) => {
            const region = e.target.value as ItGlueRegion;
            const url = options?.Regions.find((r) => r.Id === region)?.BaseUrl;
            setForm((f) => ({ ...f, Region: region, BaseUrl: url ?? f.BaseUrl }));
          }}
        >
          {(options?.Regions ?? [{ Id: 'us', Name: 'United States', BaseUrl: '' }]).map((r) => (
            <MenuItem key={r.Id} value={r.Id}>
              {r.Name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="API address"
          value={form.BaseUrl}
          disabled={disabled}
          error={!!errors.BaseUrl}
          helperText={errors.BaseUrl ?? 'Follows the region; change it only for a proxy in front of IT Glue'}
          onChange={(e) => set('BaseUrl', e.target.value)}
          slotProps={{ htmlInput: { name: 'BaseUrl' } }}
        />
      </Box>
      <PasswordField
        label="API key"
        required={!row?.HasApiKey}
        value={form.ApiKey}
        disabled={disabled}
        error={!!errors.ApiKey}
        helperText={
          errors.ApiKey ??
          (row?.HasApiKey ? 'A key is stored: leave empty to keep it' : 'From IT Glue: Account › API Keys')
        }
        onChange={(e) => set('ApiKey', e.target.value)}
        slotProps={{ htmlInput: { name: 'ApiKey', autoComplete: 'new-password' } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label="Push into"
          value={form.Mode}
          disabled={disabled}
          onChange={(e) => set('Mode', e.target.value as ItGlueMode)}
        >
          {(options?.Modes ?? [{ Id: 'FlexibleAsset', Name: 'One flexible asset per company' }]).map((m) => (
            <MenuItem key={m.Id} value={m.Id}>
              {m.Name}
            </MenuItem>
          ))}
        </TextField>
        {form.Mode === 'FlexibleAsset' ? (
          <TextField
            select
            label="Flexible asset type"
            value={form.FlexibleAssetTypeId}
            disabled={disabled || !row}
            error={!!errors.FlexibleAssetTypeId}
            helperText={errors.FlexibleAssetTypeId ?? (row ? undefined : 'Chosen once the key is saved')}
            onChange={(e) => set('FlexibleAssetTypeId', e.target.value)}
          >
            <MenuItem value="">Not chosen</MenuItem>
            {types.map((t) => (
              <MenuItem key={t.Id} value={String(t.Id)}>
                {t.Name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            select
            label="Configuration type"
            value={form.ConfigurationTypeId}
            disabled={disabled || !row}
            onChange={(e) => set('ConfigurationTypeId', e.target.value)}
          >
            <MenuItem value="">Any type</MenuItem>
            {configTypes.map((t) => (
              <MenuItem key={t.Id} value={String(t.Id)}>
                {t.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/app/integration/other/itglue">
          Back
        </Button>
        {canEdit && (
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        )}
      </Box>
    </Paper>
  );
}
