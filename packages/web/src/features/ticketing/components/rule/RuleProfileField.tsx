// The rule's ticket profile, or a new one from the create-profile window.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { TicketRuleInput } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { useProfileDropdown } from '../../api/profiles';
import { openProfileWindow } from '../../windows';
import { kindChip } from '../labels';
import type { RuleErrors, SetRule } from './ruleFormTypes';

export function RuleProfileField({ value, set, errors }: { value: TicketRuleInput; set: SetRule; errors: RuleErrors }) {
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const profiles = useProfileDropdown();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        select
        id="rule-profile"
        label="Ticket profile"
        required
        value={profiles.data?.some((p) => p.Id === value.ProfileId) ? String(value.ProfileId) : ''}
        onChange={(e) => set({ ProfileId: Number(e.target.value) })}
        error={!!errors.ProfileId}
        helperText={errors.ProfileId ?? (profiles.isPending ? 'Loading…' : undefined)}
        sx={{ flex: '1 1 260px' }}
      >
        {(profiles.data ?? []).map((p) => (
          <MenuItem key={p.Id} value={String(p.Id)}>
            {p.Name}
            <Typography component="span" sx={{ ml: 1, fontSize: 12, color: 'text.secondary' }}>
              {kindChip(p.Type).label}
            </Typography>
          </MenuItem>
        ))}
      </TextField>
      <Button
        startIcon={<AddRoundedIcon />}
        sx={{ mt: 1 }}
        onClick={() => {
          if (!openProfileWindow(manager, null)) snackbar.warning('Allow pop-ups to create a profile from here');
        }}
      >
        Create profile
      </Button>
    </Box>
  );
}
