// What a rule does while the problem lasts and when it ends, and whether it is enabled.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TicketRuleInput } from '@vigil/contract';
import type { RuleErrors, SetRule } from './ruleFormTypes';

export function RuleOutcomeFields({
  value,
  set,
  errors,
}: {
  value: TicketRuleInput;
  set: SetRule;
  errors: RuleErrors;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={<Switch checked={value.NoteOnContinue} onChange={(e) => set({ NoteOnContinue: e.target.checked })} />}
        label="Add a note each day the problem continues"
      />
      <FormControlLabel
        control={<Switch checked={value.AutoClose} onChange={(e) => set({ AutoClose: e.target.checked })} />}
        label="Close the ticket when the backup succeeds again"
      />
      {value.AutoClose && (
        <TextField
          id="rule-close-note"
          label="Closing note"
          multiline
          minRows={2}
          value={value.CloseNote ?? ''}
          onChange={(e) => set({ CloseNote: e.target.value || null })}
          error={!!errors.CloseNote}
          helperText={errors.CloseNote}
        />
      )}
      <FormControlLabel
        control={<Switch checked={value.IsEnabled} onChange={(e) => set({ IsEnabled: e.target.checked })} />}
        label="Enabled"
      />
    </Box>
  );
}
