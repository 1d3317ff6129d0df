import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useItGlueConnections } from '../api/itglue';
import { ItGlueLogo } from '../components/ItGlueLogo';

/** `/app/integration/other`: integrations that are neither PSA nor backup vendors (IT Glue). */
export default function OtherIntegrationsPage() {
  const list = useItGlueConnections();
  const n = list.data?.length ?? 0;
  const label = n === 1 ? '1 connection' : `${n} connections`;
  return (
    <>
      <PageHeader
        eyebrow="Integration"
        title="Other"
        subtitle="Send each company's backup protection to the documentation your technicians already use."
      />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {list.isPending ? (
            <Skeleton variant="rounded" height={112} />
          ) : (
            <Paper variant="outlined" sx={{ borderRadius: '14px', overflow: 'hidden' }} data-testid="other-card-itglue">
              <CardActionArea
                component={RouterLink}
                to="/app/integration/other/itglue"
                aria-label={`IT Glue: ${label}`}
                sx={{ p: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5 }}
              >
                <ItGlueLogo />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 650 }}>IT Glue</Typography>
                  <Typography sx={{ color: 'text.secondary', fontSize: 13, mt: 0.25 }}>
                    Documentation: protection summary per company
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.75, mt: 1.25, flexWrap: 'wrap' }}>
                    <Chip size="small" variant="outlined" label={label} />
                    {list.data.some((c) => c.LastPushError) && <Chip size="small" color="error" label="Push failed" />}
                  </Box>
                </Box>
              </CardActionArea>
            </Paper>
          )}
        </Box>
      )}
    </>
  );
}
