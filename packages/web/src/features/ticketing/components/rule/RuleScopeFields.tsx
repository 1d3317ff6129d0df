// Which backups a rule covers: companies, tags and vendors (none chosen: all).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TicketRuleInput } from '@vigil/contract';
import { MultiSelect } from '../../../../components/MultiSelect';
import { useTagOptions, useVendorOptions } from '../../api/lookups';
import { CompanyField } from '../CompanyField';
import type { SetRule } from './ruleFormTypes';

export function RuleScopeFields({ value, set }: { value: TicketRuleInput; set: SetRule }) {
  const tags = useTagOptions();
  const vendors = useVendorOptions();
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.TagValue, label: t.TagValue }));
  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.Id, label: v.Name }));
  return (
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
  );
}
