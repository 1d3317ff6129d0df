import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { PageHeader } from '../../../components/PageHeader';
import { presetRange, type DatePreset, type IsoDay } from '../../../lib/days';
import type { Range } from '../api/operations';
import { BackupsTab, EmailsTab, PublicApiTab, TenantsTab } from '../components/StatisticsTabs';

const TABS = ['tenants', 'emails', 'backups', 'public-api'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABELS: Record<TabKey, string> = {
  tenants: 'Tenants',
  emails: 'E-mails',
  backups: 'Backups',
  'public-api': 'Public API',
};
const PRESETS: { key: DatePreset; label: string }[] = [
  { key: 'last7days', label: 'Last 7 days' },
  { key: 'last30days', label: 'Last 30 days' },
  { key: 'thisMonth', label: 'This month' },
  { key: 'lastMonth', label: 'Last month' },
];
const today = () => new Date().toISOString().slice(0, 10) as IsoDay;

/** `/admin/statistics`: tenants, e-mails, backups and public API use over a range of days (UTC). */
export default function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TABS.includes(tabParam) ? tabParam : 'tenants';
  const [range, setRange] = useState<Range>(() => {
    const r = presetRange('last30days', today());
    return { From: r.from, To: r.to };
  });
  const [draft, setDraft] = useState<Range>(range);
  const [preset, setPreset] = useState<DatePreset | 'custom'>('last30days');
  const problem =
    draft.From && draft.To && draft.To < draft.From
      ? 'Date Filter To must be later than Date Filter From'
      : draft.To > today()
        ? 'Future Date is not allowed'
        : null;

  const change = (next: Range) => {
    setDraft(next);
    setPreset('custom');
    if (next.From && next.To && next.From <= next.To && next.To <= today()) setRange(next);
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Statistics"
        subtitle="How the platform is used, over a range of days (UTC)."
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Range"
          value={preset}
          sx={{ width: { xs: '100%', sm: 180 } }}
          onChange={(e) => {
            const key = e.target.value as DatePreset | 'custom';
            setPreset(key);
            if (key === 'custom') return;
            const r = presetRange(key, today());
            setDraft({ From: r.from, To: r.to });
            setRange({ From: r.from, To: r.to });
          }}
        >
          {PRESETS.map((p) => (
            <MenuItem key={p.key} value={p.key}>
              {p.label}
            </MenuItem>
          ))}
          <MenuItem value="custom">Custom</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label="Date Filter From"
          value={draft.From}
          onChange={(e) => change({ ...draft, From: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}
        />
        <TextField
          size="small"
          type="date"
          label="Date Filter To"
          value={draft.To}
          onChange={(e) => change({ ...draft, To: e.target.value })}
          error={!!problem}
          helperText={problem ?? undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(_, v: TabKey) => setParams({ tab: v }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={TAB_LABELS[t]} />
        ))}
      </Tabs>
      {tab === 'tenants' && <TenantsTab range={range} />}
      {tab === 'emails' && <EmailsTab range={range} />}
      {tab === 'backups' && <BackupsTab range={range} />}
      {tab === 'public-api' && <PublicApiTab range={range} />}
    </>
  );
}
