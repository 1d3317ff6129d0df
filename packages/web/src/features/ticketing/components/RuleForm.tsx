import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { TicketRule } from '@vigil/contract';
import { RuleOutcomeFields } from './rule/RuleOutcomeFields';
import { RuleProfileField } from './rule/RuleProfileField';
import { RuleScopeFields } from './rule/RuleScopeFields';
import { RuleWhenFields } from './rule/RuleWhenFields';
import { useRuleForm } from './rule/useRuleForm';

/**
 * A ticket rule (when a ticket opens): name, profile (or a new one from the create-profile
 * window), statuses, consecutive days or the backup's own failure threshold, the scope, and what
 * happens while the problem lasts and when it ends.
 */
export function RuleForm({
  rule,
  onSaved,
  onCancel,
}: {
  rule: TicketRule | null;
  onSaved: (rule: TicketRule) => void;
  onCancel: () => void;
}) {
  const { value, set, errors, submit, saving } = useRuleForm(rule, onSaved);

  return (
    <Box
      component="form"
      noValidate
      aria-label={rule ? 'Edit ticket rule' : 'New ticket rule'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        id="rule-name"
        label="Name"
        required
        autoFocus={!rule}
        value={value.Name}
        onChange={(e) => set({ Name: e.target.value.trimStart() })}
        error={!!errors.Name}
        helperText={errors.Name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <RuleProfileField value={value} set={set} errors={errors} />
      <RuleWhenFields value={value} set={set} errors={errors} />
      <RuleScopeFields value={value} set={set} errors={errors} />
      <RuleOutcomeFields value={value} set={set} errors={errors} />
      {errors.form && <FormHelperText error>{errors.form}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {rule ? 'Save' : 'Create'}
        </Button>
      </Box>
    </Box>
  );
}
