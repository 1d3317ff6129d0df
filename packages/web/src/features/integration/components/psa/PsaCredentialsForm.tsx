import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { CRM_VENDORS, type CrmIntegration, type CrmValidation, type CrmVendor } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { PasswordField } from '../../../../components/PasswordField';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useAutotaskRegions, useDeletePsa, useSavePsa, validatePsa } from '../../api/psa';
import {
  credentialFields,
  hasStoredSecret,
  initialValues,
  integrationBody,
  validateValues,
  type CredentialField,
  type CredentialValues,
} from '../../psaForm';

/** A stored secret is never shown: "••••• (stored)" until the user chooses to change it. */
function SecretInput({
  field,
  stored,
  value,
  error,
  disabled,
  onChange,
}: {
  field: CredentialField;
  stored: boolean;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const [changing, setChanging] = useState(!stored);
  if (stored && !changing)
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={field.label}
          value="••••• (stored)"
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
          helperText="Kept as stored; never shown again."
        />
        <Button
          sx={{ mt: 1 }}
          onClick={() => setChanging(true)}
          disabled={disabled}
          aria-label={`Change ${field.label}`}
        >
          Change
        </Button>
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <PasswordField
        label={field.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={!stored}
        fullWidth
        autoComplete="new-password"
        disabled={disabled}
        error={!!error}
        helperText={error ?? field.help ?? (stored ? 'Leave blank to keep the stored value' : ' ')}
      />
      {stored && (
        <Button
          sx={{ mt: 1, whiteSpace: 'nowrap' }}
          onClick={() => {
            onChange('');
            setChanging(false);
          }}
          disabled={disabled}
        >
          Keep stored
        </Button>
      )}
    </Box>
  );
}

/**
 * The vendor's credential form (platform §7 Integrations): Validate asks the PSA and shows its
 * answer; Save validates again on the server and stores the credentials sealed; Delete turns
 * the PSA companies back into local ones.
 */
export function PsaCredentialsForm({
  vendor,
  current,
  canEdit,
  onCancel,
  onDeleted,
}: {
  vendor: CrmVendor;
  current: CrmIntegration | null;
  canEdit: boolean;
  onCancel?: () => void;
  onDeleted?: () => void;
}) {
  const snackbar = useSnackbar();
  const fields = credentialFields(vendor);
  const label = CRM_VENDORS[vendor].label;
  const [name, setName] = useState(current?.Name ?? label);
  const [values, setValues] = useState<CredentialValues>(() => initialValues(vendor, current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<CrmValidation | null>(null);
  const [validating, setValidating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const save = useSavePsa();
  const del = useDeletePsa();
  const regions = useAutotaskRegions(vendor === 'autotask');
  const busy = validating || save.isPending;
  const disabled = !canEdit || busy;

  const set = (field: string, v: string) => {
    setValues((old) => ({ ...old, [field]: v }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setAnswer(null);
  };

  const checked = () => {
    const e = validateValues(vendor, values, current);
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  /** Server field errors name either the credential field or `Credentials.{field}`. */
  const showServerErrors = (err: unknown) => {
    if (err instanceof ApiError && err.status === 400) {
      const fe: Record<string, string> = {};
      for (const [k, m] of Object.entries(err.fieldErrors)) fe[k.replace(/^Credentials\./, '')] = m;
      if (Object.keys(fe).length) setErrors(fe);
    }
  };

  const validate = async () => {
    if (!checked()) return;
    setValidating(true);
    setAnswer(null);
    try {
      setAnswer(await validatePsa(vendor, integrationBody(vendor, name, values, current)));
    } catch (err) {
      showServerErrors(err);
      setAnswer({ IsValid: false, Message: resolveErrorMessage(err) });
    } finally {
      setValidating(false);
    }
  };

  const submit = async () => {
    if (!checked()) return;
    setAnswer(null);
    try {
      await save.mutateAsync({ vendor, body: integrationBody(vendor, name, values, current) });
      snackbar.success(current ? `${label} integration updated` : `${label} connected`);
    } catch (err) {
      showServerErrors(err);
      setAnswer({ IsValid: false, Message: resolveErrorMessage(err) });
    }
  };

  const askDelete = () =>
    current &&
    setConfirm({
      title: `Delete the ${label} integration`,
      message: (
        <>
          Companies synced from {label} become local companies (their backups stay assigned to them) and no more tickets
          go to {label}. Are you sure you want to delete:
        </>
      ),
      subject: current.Name,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await del.mutateAsync(current.Id);
        snackbar.success(`${label} integration deleted`);
        onDeleted?.();
      },
    });

  const zoneOptions = regions.data ?? [];
  const zoneValue = values.Url ?? '';
  const zoneKnown = zoneOptions.some((r) => r.Url.replace(/\/+$/, '') === zoneValue.replace(/\/+$/, ''));

  return (
    <Paper
      component="form"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: '14px' }}
      aria-labelledby="psa-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography id="psa-form-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
        {label} credentials
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5, mb: 2.5 }}>
        Vigil reads companies and boards and opens, updates and closes tickets with these. Secrets are stored encrypted
        and never shown again.
      </Typography>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={disabled}
          helperText="How this connection is named in Vigil"
          sx={{ gridColumn: '1 / -1' }}
        />
        {fields.map((f) => {
          if (f.secret)
            return (
              <SecretInput
                key={f.name}
                field={f}
                stored={hasStoredSecret(current, f.name)}
                value={values[f.name] ?? ''}
                error={errors[f.name]}
                disabled={disabled}
                onChange={(v) => set(f.name, v)}
              />
            );
          if (f.kind === 'zone')
            return (
              <TextField
                key={f.name}
                select
                label={f.label}
                value={zoneValue}
                onChange={(e) => set(f.name, e.target.value)}
                required
                disabled={disabled || regions.isPending}
                error={!!errors[f.name] || regions.isError}
                helperText={
                  errors[f.name] ??
                  (regions.isError ? resolveErrorMessage(regions.error) : 'The Autotask zone of your database')
                }
                sx={{ gridColumn: '1 / -1' }}
              >
                {!zoneKnown && zoneValue && <MenuItem value={zoneValue}>{zoneValue}</MenuItem>}
                {zoneOptions.map((r) => (
                  <MenuItem key={r.Id} value={r.Url}>
                    {r.Name}
                  </MenuItem>
                ))}
              </TextField>
            );
          return (
            <TextField
              key={f.name}
              label={f.label}
              value={values[f.name] ?? ''}
              onChange={(e) => set(f.name, e.target.value)}
              required={f.required}
              disabled={disabled}
              error={!!errors[f.name]}
              helperText={errors[f.name] ?? f.help ?? ' '}
              type={f.kind === 'url' ? 'url' : 'text'}
              autoComplete="off"
              sx={f.kind === 'url' && f.name === 'Url' ? { gridColumn: '1 / -1' } : undefined}
            />
          );
        })}
      </Box>

      {answer && (
        <Alert
          severity={answer.IsValid ? 'success' : 'error'}
          sx={{ mt: 2 }}
          role="status"
          data-testid="psa-validation"
        >
          {answer.IsValid ? answer.Message || 'The PSA accepted these credentials.' : answer.Message}
        </Alert>
      )}

      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<VerifiedUserOutlinedIcon />}
            onClick={() => void validate()}
            loading={validating}
            disabled={save.isPending}
          >
            Validate
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={validating}>
            Save
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              Back
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          {current && (
            <Button color="error" onClick={askDelete} disabled={busy}>
              Delete integration
            </Button>
          )}
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}
