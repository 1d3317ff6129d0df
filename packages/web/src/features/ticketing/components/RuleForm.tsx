import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { TicketRule, TicketRuleInput } from '@vigil/contract';
import { MultiSelect } from '../../../components/MultiSelect';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { ApiError } from '../../../lib/errors';
import { useTagOptions, useVendorOptions } from '../api/lookups';
import { useProfileDropdown, useProfileEvents } from '../api/profiles';
import { useSaveRule } from '../api/rules';
import { RULE_STATUSES, newRule, ruleToInput, validateRule } from '../ruleForm';
import { openProfileWindow } from '../windows';
import { CompanyField } from './CompanyField';
import { kindChip } from './labels';

type Errors = Partial<Record<keyof TicketRuleInput | 'form', string>>;

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
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const profiles = useProfileDropdown();
  const tags = useTagOptions();
  const vendors = useVendorOptions();
  const save = useSaveRule();
  const [value, setValue] = useState<TicketRuleInput>(() => (rule ? ruleToInput(rule) : newRule(null)));
  const [errors, setErrors] = useState<Errors>({});

  const set = (patch: Partial<TicketRuleInput>) => {
    setValue((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof TicketRuleInput];
      return next;
    });
  };
  // A profile created in the popup becomes this rule's profile.
  const onCreated = useCallback((id: number) => setValue((v) => ({ ...v, ProfileId: id })), []);
  useProfileEvents(onCreated);

  const submit = async () => {
    const local = validateRule(value);
    if (Object.keys(local).length) return setErrors(local);
    try {
      const saved = await save.mutateAsync({ id: rule?.Id ?? null, input: { ...value, Name: value.Name.trim() } });
      snackbar.success(rule ? 'Successfully updated' : 'Ticket rule created successfully');
      onSaved(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields);
      else snackbar.error(err);
    }
  };

  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.TagValue, label: t.TagValue }));
  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.Id, label: v.Name }));

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

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
          Backups (empty means all)
        </Typography>
        <CompanyField
          id="rule-companies"
          label="Companies"
          multiple
          value={value.CompanyIds}
          onChange={(CompanyIds) => set({ CompanyIds })}
        />
        <MultiSelect
          id="rule-tags"
          label="Tags"
          options={tagOptions}
          value={value.Tags}
          onChange={(Tags) => set({ Tags })}
          loading={tags.isPending}
        />
        <MultiSelect
          id="rule-vendors"
          label="Vendors"
          options={vendorOptions}
          value={value.Vendors}
          onChange={(Vendors) => set({ Vendors })}
          loading={vendors.isPending}
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch checked={value.NoteOnContinue} onChange={(e) => set({ NoteOnContinue: e.target.checked })} />
          }
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
      {errors.form && <FormHelperText error>{errors.form}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {rule ? 'Save' : 'Create'}
        </Button>
      </Box>
    </Box>
  );
}
