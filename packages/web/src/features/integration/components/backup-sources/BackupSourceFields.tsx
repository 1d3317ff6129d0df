// The fields of a backup source, generated from the vendor's descriptor.
import type { ChangeEvent } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { BackupSourceDescriptor, BackupSourceField } from '@vigil/contract';
import { PasswordField } from '../../../../components/PasswordField';
import { STORED_SECRET_HELP, nameLabel, type BackupSourceForm } from '../../backupSourceForm';

function CredentialInput({
  field,
  value,
  stored,
  error,
  disabled,
  onChange,
}: {
  field: BackupSourceField;
  value: string;
  stored: boolean;
  error?: string;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const common = {
    label: field.Label,
    value,
    fullWidth: true,
    disabled,
    // A stored secret may stay empty; an optional field takes its default.
    required: field.Required && !(field.Kind === 'secret' && stored),
    error: !!error,
    helperText: error ?? (field.Kind === 'secret' && stored ? STORED_SECRET_HELP : field.Help),
    placeholder: field.Default,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
    slotProps: { htmlInput: { name: field.Key, autoComplete: field.Kind === 'secret' ? 'new-password' : 'off' } },
  };
  if (field.Kind === 'secret') return <PasswordField {...common} />;
  if (field.Kind === 'choice') {
    return (
      <TextField {...common} select value={value || field.Default || ''}>
        {(field.Options ?? []).map((o) => (
          <MenuItem key={o.Id} value={o.Id}>
            {o.Name}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} type={field.Kind === 'url' ? 'url' : 'text'} />;
}

export function BackupSourceFields({
  descriptor: d,
  form,
  stored,
  errors,
  disabled,
  onChange,
}: {
  descriptor: BackupSourceDescriptor;
  form: BackupSourceForm;
  stored: readonly string[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (next: BackupSourceForm) => void;
}) {
  const set = (patch: Partial<BackupSourceForm>) => onChange({ ...form, ...patch });
  return (
    <>
      <TextField
        label={nameLabel(d)}
        value={form.Name}
        required
        fullWidth
        disabled={disabled}
        error={!!errors.Name}
        helperText={errors.Name}
        slotProps={{ htmlInput: { name: 'Name', autoComplete: 'off' } }}
        onChange={(e) => set({ Name: e.target.value })}
      />
      {d.Fields.map((field) => (
        <CredentialInput
          key={field.Key}
          field={field}
          value={form.Credentials[field.Key] ?? ''}
          stored={stored.includes(field.Key)}
          error={errors[field.Key]}
          disabled={disabled}
          onChange={(v) => set({ Credentials: { ...form.Credentials, [field.Key]: v } })}
        />
      ))}
      {!!d.Regions?.length && (
        <TextField
          select
          label="Region"
          value={form.Region}
          fullWidth
          disabled={disabled}
          error={!!errors.Region}
          helperText={errors.Region}
          onChange={(e) => set({ Region: e.target.value })}
        >
          {d.Regions.map((r) => (
            <MenuItem key={r.Id} value={r.Id}>
              {r.Name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label="Interval minutes"
        type="number"
        value={form.IntervalMinutes}
        fullWidth
        disabled={disabled}
        error={!!errors.IntervalMinutes}
        helperText={errors.IntervalMinutes ?? 'How often the source is read (5 to 1440).'}
        slotProps={{ htmlInput: { min: 5, max: 1440, step: 1 } }}
        onChange={(e) => set({ IntervalMinutes: e.target.value })}
      />
      <FormControlLabel
        control={
          <Switch checked={form.Enabled} disabled={disabled} onChange={(e) => set({ Enabled: e.target.checked })} />
        }
        label="Enabled"
      />
    </>
  );
}
