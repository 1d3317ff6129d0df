// Where the tenant's reports arrive: the inbound address, the aliases and the IMAP mailboxes.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { QueryError } from '../../../../components/QueryError';
import { SectionHeader } from '../../../../components/SectionHeader';
import { usePermissions } from '../../../../lib/permissions';
import type { useTenantMailboxes } from '../../api/mailboxes';
import { AliasesCard } from '../AliasesCard';
import { ImapMailboxes } from '../ImapMailboxes';
import { InboundAddressCard } from '../InboundAddressCard';

export function MailboxesOverview({ mailboxes }: { mailboxes: ReturnType<typeof useTenantMailboxes> }) {
  const canEdit = usePermissions(['integration.editintegrations']);
  return mailboxes.isError ? (
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
  );
}
