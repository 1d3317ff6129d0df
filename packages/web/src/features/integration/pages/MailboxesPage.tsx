import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { PageHeader } from '../../../components/PageHeader';
import { readEmailFilters, writeEmailFilters, type EmailFilters } from '../../../lib/ingest';
import { useTenantMailboxes } from '../api/mailboxes';
import { useProcessedEmails } from '../api/processedEmails';
import { MailboxesOverview } from '../components/mailboxes/MailboxesOverview';
import { RecentEmails } from '../components/mailboxes/RecentEmails';

/** `/app/integration/mailboxes`: where reports arrive, the aliases and IMAP mailboxes, and the e-mails received. */
export default function MailboxesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readEmailFilters(params);
  const mailboxes = useTenantMailboxes();
  const emails = useProcessedEmails(filters);

  // Built on the address bar as it is now: a debounced search may commit after a newer change.
  const setFilters = (next: Partial<EmailFilters>) =>
    setParams(writeEmailFilters(new URLSearchParams(window.location.search), next), { replace: true });

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([mailboxes.refetch(), emails.refetch()]);
    setRefreshing(false);
  };

  return (
    <>
      <PageHeader
        eyebrow="Integration"
        title="Mailboxes"
        subtitle="Where Vigil receives your backup reports by e-mail, and what it read from each one."
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshRoundedIcon />}
            onClick={() => void refresh()}
            loading={refreshing}
          >
            Refresh
          </Button>
        }
      />

      <MailboxesOverview mailboxes={mailboxes} />

      <RecentEmails
        filters={filters}
        setFilters={setFilters}
        emails={emails}
        inboundAddress={mailboxes.data?.InboundAddress}
      />
    </>
  );
}
