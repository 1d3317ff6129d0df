import { useImperativeHandle, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { isEmail, splitAddresses } from '../lib/schedule';

export interface RecipientsHandle {
  /** Turns what is still typed into chips; null when it is not a valid address. */
  commit: () => string[] | null;
}

/**
 * E-mail addresses as chips: Enter, a comma, a semicolon, a space or leaving the box makes a chip;
 * an invalid address stays in the box with "Invalid email address". Pasted lists are split.
 */
export function RecipientsField({
  id,
  label = 'Recipients',
  value,
  onChange,
  error,
  onError,
  helperText = 'Press Enter or a comma after each address',
  required,
  size,
  ref,
}: {
  id: string;
  label?: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  helperText?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** Lets the form commit the typed text before it saves. */
  ref?: Ref<RecipientsHandle>;
}) {
  const [draft, setDraft] = useState('');

  const commit = (text = draft): string[] | null => {
    const parts = splitAddresses(text);
    if (!parts.length) return [...value];
    if (parts.some((p) => !isEmail(p))) {
      setDraft(text.trim());
      onError('Invalid email address');
      return null;
    }
    const next = [...value];
    for (const p of parts) if (!next.some((x) => x.toLowerCase() === p.toLowerCase())) next.push(p);
    onChange(next);
    setDraft('');
    return next;
  };
  useImperativeHandle(ref, () => ({ commit }));

  return (
    <Autocomplete
      multiple
      freeSolo
      size={size}
      options={[] as string[]}
      value={[...value]}
      inputValue={draft}
      onInputChange={(_, v, reason) => {
        if (reason === 'reset') return;
        // A typed separator commits what is before it.
        if (/[,;\s]$/.test(v) && v.trim()) {
          commit(v);
          return;
        }
        setDraft(v);
        if (error) onError(undefined);
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') {
          commit(String(next[next.length - 1] ?? ''));
          return;
        }
        onChange(next.map(String));
      }}
      onBlur={() => void (draft.trim() && commit())}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={item} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          label={label}
          required={required}
          placeholder={value.length ? '' : 'name@example.com'}
          error={!!error}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
