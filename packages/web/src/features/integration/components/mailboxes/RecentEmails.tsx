// The tenant's e-mails, newest first: filters, pages, and per e-mail download, raw view, reprocess and teach.
import Box from '@mui/material/Box';
import { QueryError } from '../../../../components/QueryError';
import { SectionHeader } from '../../../../components/SectionHeader';
import { EmailFilterBar, PageFooter } from '../../../../components/email/EmailFilterBar';
import { EmailList } from '../../../../components/email/EmailList';
import type { EmailFilters } from '../../../../lib/ingest';
import type { useProcessedEmails } from '../../api/processedEmails';
import { NoEmailsYet, NoMatchingEmails } from './emptyEmails';
import { useTenantEmailActions } from './useTenantEmailActions';

export function RecentEmails({
  filters,
  setFilters,
  emails,
  inboundAddress,
}: {
  filters: EmailFilters;
  setFilters: (next: Partial<EmailFilters>) => void;
  emails: ReturnType<typeof useProcessedEmails>;
  inboundAddress: string | undefined;
}) {
  const actions = useTenantEmailActions();
  const filtered = !!(filters.search || filters.state || filters.unrecognised);

  const data = emails.data;

  return (
    <Box component="section" aria-labelledby="recent-emails-title">
      <SectionHeader
        id="recent-emails-title"
        title="Recent e-mails"
        subtitle="Every e-mail received, newest first. Open one for its results, the raw message and actions."
      />
      {/* A refresh that fails keeps the list on screen (and an open e-mail or raw view) under its error. */}
      {emails.isError && <QueryError error={emails.error} onRetry={() => void emails.refetch()} />}
      {(data || !emails.isError) && (
        <EmailList
          caption="Recent e-mails"
          emails={data?.Results}
          loading={emails.isPending}
          actions={actions}
          toolbar={<EmailFilterBar idPrefix="emails" filters={filters} onChange={setFilters} />}
          empty={
            filtered ? (
              <NoMatchingEmails onClear={() => setFilters({ search: '', state: '', unrecognised: false, page: 1 })} />
            ) : (
              <NoEmailsYet address={inboundAddress} />
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
  );
}
