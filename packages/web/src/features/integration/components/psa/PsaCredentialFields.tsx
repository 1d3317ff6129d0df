// The connection's name and the vendor's credential fields: secrets, the Autotask zone, text and addresses.
import TextField from '@mui/material/TextField';
import type { CrmIntegration, CrmVendor } from '@vigil/contract';
import { credentialFields, hasStoredSecret } from '../../psaForm';
import { PsaSecretInput } from './PsaSecretInput';
import { PsaZoneField } from './PsaZoneField';
import type { usePsaCredentialsForm } from './usePsaCredentialsForm';

export function PsaCredentialFields({
  vendor,
  form,
  current,
  disabled,
}: {
  vendor: CrmVendor;
  form: ReturnType<typeof usePsaCredentialsForm>;
  current: CrmIntegration | null;
  disabled: boolean;
}) {
  const fields = credentialFields(vendor);
  const { name, setName, values, errors, set } = form;
  return (
    <>
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
            <PsaSecretInput
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
            <PsaZoneField
              key={f.name}
              field={f}
              value={values.Url ?? ''}
              error={errors[f.name]}
              disabled={disabled}
              onChange={(v) => set(f.name, v)}
            />
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
    </>
  );
}
