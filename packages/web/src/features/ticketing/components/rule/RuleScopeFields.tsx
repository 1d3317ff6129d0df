// Which backups a rule covers: companies, tags and vendors, each "All" or "Specific", with exclusions.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FilterMode, TicketRuleInput } from '@vigil/contract';
import { MultiSelect } from '../../../../components/MultiSelect';
import { useTagOptions, useVendorOptions } from '../../api/lookups';
import { RULE_SCOPE_LISTS, scopeFilter, type RuleScopeList } from '../../ruleForm';
import { CompanyField } from '../CompanyField';
import type { RuleErrors, SetRule } from './ruleFormTypes';

type Picker = (
  id: string,
  label: string,
  value: (string | number)[],
  onChange: (v: (string | number)[]) => void,
) => ReactNode;

/** One list of the scope (features §5.4): All / Specific, the chosen items, and the excluded ones. */
function ScopeList({
  list,
  label,
  value,
  set,
  errors,
  picker,
}: {
  list: RuleScopeList;
  label: string;
  value: TicketRuleInput;
  set: SetRule;
  errors: RuleErrors;
  picker: Picker;
}) {
  const f = scopeFilter(value, list);
  const id = `rule-${label.toLowerCase()}`;
  const setMode = (mode: FilterMode) =>
    set({ [list.mode]: mode, ...(mode === 'all' ? { [list.include]: [] } : {}) } as Partial<TicketRuleInput>);
  const error = errors[list.include] ?? errors[list.exclude];
  return (
    <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'grid', gap: 1.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={`${id}-label`} sx={{ fontWeight: 600, minWidth: 90 }}>
          {label}
        </Typography>
        <RadioGroup row value={f.Mode} onChange={(_e, m) => setMode(m as FilterMode)} aria-label={`${label} mode`}>
          <FormControlLabel value="all" control={<Radio size="small" />} label="All" />
          <FormControlLabel value="specific" control={<Radio size="small" />} label="Specific" />
        </RadioGroup>
      </Box>
      {picker(id, label, [...f.Include], (v) =>
        // Choosing items makes the list specific; All clears them.
        set({ [list.include]: v, ...(v.length ? { [list.mode]: 'specific' } : {}) } as Partial<TicketRuleInput>),
      )}
      {picker(`${id}-except`, `Exclude ${list.entity}`, [...f.Exclude], (v) =>
        set({ [list.exclude]: v } as Partial<TicketRuleInput>),
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

export function RuleScopeFields({
  value,
  set,
  errors = {},
}: {
  value: TicketRuleInput;
  set: SetRule;
  errors?: RuleErrors;
}) {
  const tags = useTagOptions();
  const vendors = useVendorOptions();
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.TagValue, label: t.TagValue }));
  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.Id, label: v.Name }));
  const [companies, tagList, vendorList] = RULE_SCOPE_LISTS;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2.5 }}>
      <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
        Backups
      </Typography>
      <ScopeList
        list={companies}
        label="Companies"
        value={value}
        set={set}
        errors={errors}
        picker={(id, label, v, onChange) => (
          <CompanyField id={id} label={label} multiple value={v as number[]} onChange={onChange} />
        )}
      />
      <ScopeList
        list={tagList}
        label="Tags"
        value={value}
        set={set}
        errors={errors}
        picker={(id, label, v, onChange) => (
          <MultiSelect
            id={id}
            label={label}
            options={tagOptions}
            value={v as string[]}
            onChange={onChange}
            loading={tags.isPending}
          />
        )}
      />
      <ScopeList
        list={vendorList}
        label="Vendors"
        value={value}
        set={set}
        errors={errors}
        picker={(id, label, v, onChange) => (
          <MultiSelect
            id={id}
            label={label}
            options={vendorOptions}
            value={v as string[]}
            onChange={onChange}
            loading={vendors.isPending}
          />
        )}
      />
    </Box>
  );
}
