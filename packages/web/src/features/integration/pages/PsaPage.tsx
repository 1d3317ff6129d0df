import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { CRM_VENDORS, type CrmVendor } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePermissions } from '../../../lib/permissions';
import { useCurrentPsa } from '../api/psaIntegration';
import { PsaChooser } from '../components/psa/PsaChooser';
import { PsaConnected } from '../components/psa/PsaConnected';
import { PsaCredentialsForm } from '../components/psa/PsaCredentialsForm';

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
        <PsaConnected key={id} vendor={vendor} id={id} canEdit={canEdit} />
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
        <PsaChooser canEdit={canEdit} onChoose={setChosen} />
      )}
    </>
  );
}
