import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useBackupIntegrationCards } from '../api/backupSources';
import { BackupIntegrationTile } from '../components/backup-sources/BackupIntegrationTile';

/** `/app/integration/backup`: one card per backup vendor the tenant may link by API. */
export default function BackupIntegrationsPage() {
  const cards = useBackupIntegrationCards();
  return (
    <>
      <PageHeader
        eyebrow="Integration"
        title="Backup Integrations"
        subtitle="Link your backup vendors' APIs: Vigil reads their jobs on a schedule, beside the e-mailed reports."
      />
      {cards.isError ? (
        <QueryError error={cards.error} onRetry={() => void cards.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {cards.isPending
            ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} variant="rounded" height={112} />)
            : cards.data.map((c) => <BackupIntegrationTile key={c.Descriptor.Type} card={c} />)}
        </Box>
      )}
    </>
  );
}
