import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { EmailFilterBar, PageFooter } from '../../../components/email/EmailFilterBar';
import { EmailList, type EmailActions } from '../../../components/email/EmailList';
import { readEmailFilters, writeEmailFilters, type EmailFilters } from '../../../lib/ingest';
import { usePermissions } from '../../../lib/permissions';
import type { ProcessedEmail } from '@vigil/contract';
import {
  downloadTenantEmail,
  loadTenantRawEmail,
  useProcessedEmails,
  useReprocessEmail,
  useTenantMailboxes,
} from '../api/mailboxes';
import { AliasesCard } from '../components/AliasesCard';
import { ImapMailboxes } from '../components/ImapMailboxes';
import { InboundAddressCard } from '../components/InboundAddressCard';

function NoEmailsYet({ address }: { address: string | undefined }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Box
        sx={(t) => ({
          width: 56,
          height: 56,
          mx: 'auto',
          mb: 2,
          borderRadius: '16px',
          display: 'grid',
          placeItems: 'center',
          color: t.palette.primary.main,
          bgcolor: alpha(t.palette.primary.main, 0.1),
        })}
      >
        <MarkEmailUnreadOutlinedIcon />
      </Box>
      <Typography variant="h6" component="p">
        No e-mails yet
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.75 }}>
        Send a backup report to your inbound address — point your backup software&apos;s e-mail notifications at it, or
        forward a recent report. It shows up here within seconds, with the results Vigil read from it.
      </Typography>
      {address && (
        <Box
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 2,
            pl: 1.5,
            pr: 0.5,
            py: 0.25,
            borderRadius: '10px',
            border: 1,
            borderColor: 'divider',
            maxWidth: '100%',
          }}
        >
          <Typography component="code" sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {address}
          </Typography>
          <CopyButton text={address} label="Copy inbound address" size="small" />
        </Box>
      )}
    </Box>
  );
}

/** `/app/integration/mailboxes`: where reports arrive, the aliases and IMAP mailboxes, and the e-mails received. */
export default function MailboxesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readEmailFilters(params);
  const mailboxes = useTenantMailboxes();
  const emails = useProcessedEmails(filters);
  const reprocess = useReprocessEmail();
  const canEdit = usePermissions(['integration.editintegrations']);
  const filtered = !!(filters.search || filters.state || filters.unrecognised);

  // Built on the address bar as it is now: a debounced search may commit after a newer change.
  const setFilters = (next: Partial<EmailFilters>) =>
    setParams(writeEmailFilters(new URLSearchParams(window.location.search), next), { replace: true });

  const actions: EmailActions<ProcessedEmail> = {
    download: downloadTenantEmail,
    loadRaw: loadTenantRawEmail,
    reprocess: canEdit ? (e) => reprocess.mutateAsync(e.emailId) : undefined,
  };

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([mailboxes.refetch(), emails.refetch()]);
    setRefreshing(false);
  };
  const data = emails.data;

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

      {mailboxes.isError ? (
        <Box sx={{ mb: 3 }}>
          <QueryError error={mailboxes.error} onRetry={() => void mailboxes.refetch()} />
        </Box>
      ) : (
        <Grid container spacing={3} sx={{ mb: 4 }}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <InboundAddressCard address={mailboxes.data?.InboundAddress} loading={mailboxes.isPending} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <AliasesCard data={mailboxes.data} loading={mailboxes.isPending} canEdit={canEdit} />
          </Grid>
          <Grid size={12}>
            <SectionHeader
              title="IMAP mailboxes"
              subtitle="Existing mailboxes Vigil collects reports from. Our support team connects them for you."
            />
            <ImapMailboxes mailboxes={mailboxes.data?.Mailboxes} loading={mailboxes.isPending} />
          </Grid>
        </Grid>
      )}

      <Box component="section" aria-labelledby="recent-emails-title">
        <SectionHeader
          id="recent-emails-title"
          title="Recent e-mails"
          subtitle="Every e-mail received, newest first. Open one for its results, the raw message and actions."
        />
        {emails.isError ? (
          <QueryError error={emails.error} onRetry={() => void emails.refetch()} />
        ) : (
          <EmailList
            caption="Recent e-mails"
            emails={data?.Results}
            loading={emails.isPending}
            actions={actions}
            toolbar={<EmailFilterBar idPrefix="emails" filters={filters} onChange={setFilters} />}
            empty={
              filtered ? (
                <Box sx={{ textAlign: 'center' }}>
                  <Typography sx={{ color: 'text.secondary' }}>No e-mail matches these filters.</Typography>
                  <Button
                    sx={{ mt: 1 }}
                    onClick={() => setFilters({ search: '', state: '', unrecognised: false, page: 1 })}
                  >
                    Clear filters
                  </Button>
                </Box>
              ) : (
                <NoEmailsYet address={mailboxes.data?.InboundAddress} />
              )
            }
            footer={
              data && data.Total > 0 ? (
                <PageFooter
                  page={data.Page}
                  totalPages={data.TotalPages}
                  total={data.Total}
                  onPage={(page) => setFilters({ page })}
                />
              ) : undefined
            }
          />
        )}
      </Box>
    </>
  );
}
