// Where a message shows: path patterns, with the common ones suggested and invalid ones marked.
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { MessageLocation } from '@vigil/contract';
import type { Draft, SetDraft } from './messageDraft';

/** Paths people most often aim a message at; any other path pattern can be typed. */
const SUGGESTED = [
  '/app/**',
  '/app/dashboard',
  '/app/audit',
  '/app/daily-activity',
  '/app/manage/*',
  '/app/settings/*',
  '/admin/**',
];

const locationError = (v: string) => {
  const r = MessageLocation.safeParse(v);
  return r.success ? '' : r.error.issues[0].message;
};

export function MessageLocationsField({
  draft,
  set,
  error,
  pendingLocation,
  setPendingLocation,
}: {
  draft: Draft;
  set: SetDraft;
  error?: string;
  pendingLocation: string;
  setPendingLocation: (v: string) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={SUGGESTED}
      value={draft.Locations}
      inputValue={pendingLocation}
      onInputChange={(_e, v) => setPendingLocation(v)}
      onChange={(_e, v) => set('Locations', v.map((x) => x.trim()).filter(Boolean))}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...rest } = getItemProps({ index });
          const bad = locationError(option);
          return (
            <Chip
              key={key}
              {...rest}
              size="small"
              label={option}
              color={bad ? 'error' : 'default'}
              title={bad || undefined}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Locations"
          placeholder={draft.Locations.length ? '' : 'Everywhere'}
          error={!!error}
          helperText={
            error ||
            'Pages where it shows; empty shows it everywhere. /app/audit also covers pages below it; * is one path segment, ** any.'
          }
        />
      )}
    />
  );
}
