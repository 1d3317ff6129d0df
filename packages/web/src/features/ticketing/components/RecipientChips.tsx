import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { PROFILE_MESSAGES } from '@vigil/contract';
import { isValidEmail } from '../profileForm';

/**
 * Recipients as chips (features §5.1): Enter after each address makes a chip; an invalid one
 * stays as a chip in the error colour and the field says "{value} in not valid email".
 */
export function RecipientChips({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const invalid = value.find((v) => !isValidEmail(v));
  const message = error ?? (invalid !== undefined ? PROFILE_MESSAGES.invalidEmail(invalid) : undefined);

  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={[...value]}
      inputValue={draft}
      onInputChange={(_, v, reason) => reason !== 'reset' && setDraft(v)}
      onChange={(_, next) => {
        const items = next.map((x) => String(x).trim()).filter(Boolean);
        onChange(items.filter((x, i) => items.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i));
        setDraft('');
      }}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          const bad = !isValidEmail(item);
          return (
            <Chip
              key={key}
              size="small"
              label={item}
              color={bad ? 'error' : 'default'}
              variant={bad ? 'filled' : 'outlined'}
              data-invalid={bad || undefined}
              {...props}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          label="Recipients"
          required
          placeholder={value.length ? '' : 'name@example.com'}
          error={!!message}
          helperText={message ?? 'Press Enter after each address'}
        />
      )}
    />
  );
}
