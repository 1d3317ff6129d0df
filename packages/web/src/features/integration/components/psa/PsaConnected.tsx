// A connected PSA: connection (status and credentials), company sync, and stored responses, as tabs.
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CrmIntegration, CrmVendor } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { usePsaIntegration } from '../../api/psaIntegration';
import { PsaCredentialsForm } from './PsaCredentialsForm';
import { PsaFiltersTab } from './PsaFiltersTab';
import { PsaResponsesTab } from './PsaResponsesTab';
import { PsaStatusCard } from './PsaStatusCard';

const TABS = [
  { value: 'connection', label: 'Connection' },
  { value: 'companies', label: 'Companies' },
  { value: 'responses', label: 'Stored responses' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Features §2.6: the active tab lives in "tab"; an unknown or missing tab falls back to the first. */
function readTab(params: URLSearchParams): TabValue {
  const t = params.get('tab');
  return TABS.find((x) => x.value === t)?.value ?? TABS[0].value;
}

/** Remounts the form when the stored integration changes, so it shows what is stored now. */
const formKey = (i: CrmIntegration) => `${i.Id}-${i.LastValidatedAt ?? ''}-${i.Vendor}`;

export function PsaConnected({ vendor, id, canEdit }: { vendor: CrmVendor; id: number; canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const integration = usePsaIntegration(vendor, id);
  const changeTab = (value: TabValue) => {
    const next = new URLSearchParams();
    if (value !== TABS[0].value) next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, v: TabValue) => changeTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="PSA sections"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} id={`psa-tab-${t.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`psa-tab-${tab}`}>
        {tab === 'connection' &&
          (integration.isError ? (
            <QueryError error={integration.error} onRetry={() => void integration.refetch()} />
          ) : (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <PsaStatusCard integration={integration.data} />
              {integration.data ? (
                <PsaCredentialsForm
                  key={formKey(integration.data)}
                  vendor={vendor}
                  current={integration.data}
                  canEdit={canEdit}
                />
              ) : (
                <Skeleton height={320} />
              )}
            </Box>
          ))}
        {tab === 'companies' && <PsaFiltersTab integrationId={id} canEdit={canEdit} />}
        {tab === 'responses' && <PsaResponsesTab integrationId={id} />}
      </Box>
    </>
  );
}
