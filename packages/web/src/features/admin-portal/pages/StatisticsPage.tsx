import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/PageHeader';
import { presetRange } from '../../../lib/days';
import type { Range } from '../api/operations';
import { BackupsTab } from '../components/statistics/BackupsTab';
import { EmailsTab } from '../components/statistics/EmailsTab';
import { PublicApiTab } from '../components/statistics/PublicApiTab';
import { StatisticsRangeFields } from '../components/statistics/StatisticsRangeFields';
import { today } from '../components/statistics/statisticsRange';
import { TenantsTab } from '../components/statistics/TenantsTab';

const TABS = ['tenants', 'emails', 'backups', 'public-api'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABELS: Record<TabKey, string> = {
  tenants: 'Tenants',
  emails: 'E-mails',
  backups: 'Backups',
  'public-api': 'Public API',
};

/** `/admin/statistics`: tenants, e-mails, backups and public API use over a range of days (UTC). */
export default function StatisticsPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TABS.includes(tabParam) ? tabParam : 'tenants';
  const [range, setRange] = useState<Range>(() => {
    const r = presetRange('last30days', today());
    return { From: r.from, To: r.to };
  });

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Statistics"
        subtitle="How the platform is used, over a range of days (UTC)."
      />
      <StatisticsRangeFields range={range} setRange={setRange} />
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
