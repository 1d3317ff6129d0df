import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CrmIntegration } from '@vigil/contract';
import { useTenantFormats } from '../../../../lib/tenantFormats';

const SYNC_LABELS = { pending: 'running', completed: 'completed', error: 'failed', cancelled: 'cancelled' } as const;

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 12.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** Where the connection stands: valid or not, when it was last checked and synced, how many companies. */
export function PsaStatusCard({ integration }: { integration: CrmIntegration | undefined }) {
  const f = useTenantFormats();
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: '14px' }} aria-labelledby="psa-status-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="psa-status-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
          Connection status
        </Typography>
        {integration && (
          <Chip
            size="small"
            color={integration.IsValid ? 'success' : 'error'}
            label={integration.IsValid ? 'Valid' : 'Not valid'}
            data-testid="psa-valid"
          />
        )}
      </Box>
      {!integration ? (
        <Skeleton height={96} />
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
        >
          <Fact label="Last validated">
            {integration.LastValidatedAt ? f.dateTime(integration.LastValidatedAt) : 'Never'}
          </Fact>
          <Fact label="Last sync">
            {integration.LastSyncAt
              ? `${f.dateTime(integration.LastSyncAt)}${integration.LastSyncStatus ? ` (${SYNC_LABELS[integration.LastSyncStatus]})` : ''}`
              : 'Never'}
          </Fact>
          <Fact label="PSA companies" testId="psa-companies-count">
            {integration.CompaniesCount}
          </Fact>
          <Fact label="Connected since">{f.dateTime(integration.CreatedAt)}</Fact>
          {integration.LastError && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Fact label="Last error" testId="psa-last-error">
                <Box component="span" sx={{ color: 'error.main', fontWeight: 500 }}>
                  {integration.LastError}
                </Box>
              </Fact>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
