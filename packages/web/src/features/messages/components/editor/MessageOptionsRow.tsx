// The message's severity, and whether users can dismiss it and it is active.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MessageSeverity } from '@vigil/contract';
import { severityLabel } from '../../../../components/messages/MessageBanner';
import type { Draft, SetDraft } from './messageDraft';

export function MessageOptionsRow({ draft, set }: { draft: Draft; set: SetDraft }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        label="Severity"
        value={draft.Severity}
        onChange={(e) => set('Severity', Number(e.target.value))}
        sx={{ width: 180 }}
        size="small"
      >
        {Object.values(MessageSeverity).map((s) => (
          <MenuItem key={s} value={s}>
            {severityLabel[s]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={draft.IsDismissible} onChange={(e) => set('IsDismissible', e.target.checked)} />}
        label="Users can dismiss it"
      />
      <FormControlLabel
        control={<Switch checked={draft.IsActive} onChange={(e) => set('IsActive', e.target.checked)} />}
        label="Active"
      />
    </Box>
  );
}
