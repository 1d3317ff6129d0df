// When a message shows: its start and end, in the browser's local time.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Draft, SetDraft } from './messageDraft';

export function MessageScheduleFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: SetDraft;
  errors: Record<string, string>;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        type="datetime-local"
        label="Starts"
        value={draft.StartsAt}
        onChange={(e) => set('StartsAt', e.target.value)}
        error={!!errors.StartsAt}
        helperText={errors.StartsAt || 'Empty: now'}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 220px' }}
      />
      <TextField
        type="datetime-local"
        label="Ends"
        value={draft.EndsAt}
        onChange={(e) => set('EndsAt', e.target.value)}
        error={!!errors.EndsAt}
        helperText={errors.EndsAt || 'Empty: until switched off'}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 220px' }}
      />
    </Box>
  );
}
