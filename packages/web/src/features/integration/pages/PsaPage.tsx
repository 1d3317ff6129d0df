import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { CRM_VENDORS, type CrmIntegration, type CrmVendor } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { usePermissions } from '../../../lib/permissions';
import { useCurrentPsa, usePsaIntegration } from '../api/psa';
import { PsaCredentialsForm } from '../components/psa/PsaCredentialsForm';
import { PsaFiltersTab } from '../components/psa/PsaFiltersTab';
import { PsaResponsesTab } from '../components/psa/PsaResponsesTab';
import { PsaStatusCard } from '../components/psa/PsaStatusCard';
import { PsaTypeTiles } from '../components/psa/PsaTypeTiles';

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

function Connected({ vendor, id, canEdit }: { vendor: CrmVendor; id: number; canEdit: boolean }) {
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

/**
 * `/app/integration/psa`: the tenant's PSA (platform §7 Integrations). With none, the seven PSA
 * types to choose from and the chosen one's credential form; with one, its status and
 * credentials, which companies sync, and the PSA's stored answers.
 */
export default function PsaPage() {
  const current = useCurrentPsa();
  const canEdit = usePermissions(['integration.editintegrations']);
  const [chosen, setChosen] = useState<CrmVendor | null>(null);
  const vendor = current.data?.Vendor ?? null;
  const id = current.data?.Id ?? null;

  return (
    <>
      <PageHeader
        eyebrow="Integration"
        title="PSA"
        subtitle={
          vendor
            ? `Vigil is connected to ${CRM_VENDORS[vendor].label}: companies sync from it and ticket rules open tickets in it.`
            : 'Connect your PSA so companies sync from it and ticket rules open, update and close tickets in it.'
        }
      />
      {current.isError ? (
        <QueryError error={current.error} onRetry={() => void current.refetch()} />
      ) : current.isPending ? (
        <Skeleton height={240} />
      ) : vendor && id ? (
        <Connected key={id} vendor={vendor} id={id} canEdit={canEdit} />
      ) : chosen ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => setChosen(null)}>
              All PSA types
            </Button>
          </Box>
          <PsaCredentialsForm vendor={chosen} current={null} canEdit={canEdit} onCancel={() => setChosen(null)} />
        </Box>
      ) : (
        <Box component="section" aria-labelledby="psa-choose-title">
          <SectionHeader
            id="psa-choose-title"
            title="Choose your PSA"
            subtitle="One PSA per account. You can switch later; companies synced from the old one become local."
          />
          {canEdit ? (
            <PsaTypeTiles onChoose={setChosen} />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              No PSA is connected. Ask an administrator to connect one.
            </Typography>
          )}
        </Box>
      )}
    </>
  );
}
