// When a rule opens a ticket: on which statuses, after how many scheduled days or at the failure threshold.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketRuleInput } from '@vigil/contract';
import { RULE_STATUSES } from '../../ruleForm';
import type { RuleErrors, SetRule } from './ruleFormTypes';

export function RuleWhenFields({ value, set, errors }: { value: TicketRuleInput; set: SetRule; errors: RuleErrors }) {
  return (
    <>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary' }}>
          Open a ticket on
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {RULE_STATUSES.map((s) => (
            <FormControlLabel
              key={s.value}
              label={s.label}
              control={
                <Checkbox
                  checked={value.Statuses.includes(s.value)}
                  onChange={(e) =>
                    set({
                      Statuses: e.target.checked
                        ? [...value.Statuses, s.value]
                        : value.Statuses.filter((x) => x !== s.value),
                    })
                  }
                />
              }
            />
          ))}
        </Box>
        {errors.Statuses && <FormHelperText error>{errors.Statuses}</FormHelperText>}
      </Box>
      <RadioGroup
        aria-label="When"
        value={value.UseFailureThreshold ? 'threshold' : 'days'}
        onChange={(e) => set({ UseFailureThreshold: e.target.value === 'threshold' })}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <FormControlLabel value="days" control={<Radio />} label="After" sx={{ mr: 0 }} />
          <TextField
            id="rule-days"
            type="number"
            size="small"
            value={value.ConsecutiveDays}
            disabled={value.UseFailureThreshold}
            onChange={(e) => set({ ConsecutiveDays: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
            error={!!errors.ConsecutiveDays}
            slotProps={{ htmlInput: { min: 1, max: 30, 'aria-label': 'Consecutive days' } }}
            sx={{ width: 90 }}
          />
          <Typography>consecutive scheduled days</Typography>
        </Box>
        {errors.ConsecutiveDays && <FormHelperText error>{errors.ConsecutiveDays}</FormHelperText>}
        <FormControlLabel
          value="threshold"
          control={<Radio />}
          label="When the backup passes its own failure threshold"
        />
      </RadioGroup>
    </>
  );
}
