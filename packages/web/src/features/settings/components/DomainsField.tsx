import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { isDomain, splitDomains } from '@vigil/contract';

export const domainProblem = (d: string) => `${d} is not correct domain value`;

/** The first domain of a list that is not a domain, as the form message of features §5.4. */
export function firstBadDomain(list: readonly string[]): string | undefined {
  const bad = list.find((d) => !isDomain(d));
  return bad === undefined ? undefined : domainProblem(bad);
}

/**
 * Domains as chips: Enter, a comma, a space or leaving the box makes a chip; a chip that is not a
 * domain shows in the error colour with the spec message. Pasted lists are split.
 */
export function DomainsField({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  helperText: string;
}) {
  const [draft, setDraft] = useState('');
  const commit = (text: string) => {
    const parts = splitDomains(text);
    if (parts.length) onChange([...new Set([...value, ...parts])]);
    setDraft('');
  };
  const problem = error ?? firstBadDomain(value);
  return (
    <Autocomplete
      multiple
      freeSolo
      id={id}
      options={[] as string[]}
      value={[...value]}
      inputValue={draft}
      onInputChange={(_, v, reason) => {
        if (reason === 'reset') return;
        if (/[,;\s]$/.test(v) && v.trim()) return commit(v);
        setDraft(v);
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') return commit(String(next[next.length - 1] ?? ''));
        onChange(next.map(String));
      }}
      onBlur={() => void (draft.trim() && commit(draft))}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={item}
              color={isDomain(item) ? 'default' : 'error'}
              variant={isDomain(item) ? 'filled' : 'outlined'}
              {...props}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!problem} helperText={problem ?? helperText} />
      )}
    />
  );
}
