import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useBranding } from '../api/branding';
import { BrandingForm } from '../components/branding/BrandingForm';

/** `/app/settings/branding`: the tenant's logo and colours. */
export default function BrandingPage() {
  const branding = useBranding();
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Branding"
        subtitle="Your logo in the sidebar, in reports and report e-mails, and on shared dashboards; your colours in the sidebar and in PDF and HTML reports; your footer line under reports and e-mails."
      />
      {branding.isPending ? (
        <CircularProgress aria-label="Loading branding" />
      ) : branding.isError ? (
        <QueryError error={branding.error} onRetry={() => void branding.refetch()} />
      ) : (
        <BrandingForm key={JSON.stringify(branding.data)} current={branding.data} />
      )}
    </>
  );
}
