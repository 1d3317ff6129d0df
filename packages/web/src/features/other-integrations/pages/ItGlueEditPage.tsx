import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { NotFound } from '../../../components/NotFound';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useItGlueConnection, useItGlueOptions } from '../api/itglue';
import { ItGlueForm } from '../components/ItGlueForm';
import { OrganizationMapping } from '../components/OrganizationMapping';

/** `/app/integration/other/itglue/create` and `/{id}`: the connection, then its organisation map and pushes. */
export default function ItGlueEditPage() {
  const params = useParams();
  const id = params.id === 'create' ? null : Number(params.id);
  if (params.type !== 'itglue' || (id !== null && !(Number.isInteger(id) && id > 0))) return <NotFound />;
  return <Editor key={id ?? 'new'} id={id} />;
}

function Editor({ id }: { id: number | null }) {
  const row = useItGlueConnection(id);
  const options = useItGlueOptions(id);
  const loading = (id && row.isPending) || options.isPending;
  return (
    <>
      <Button
        component={RouterLink}
        to="/app/integration/other/itglue"
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 1 }}
      >
        IT Glue
      </Button>
      <PageHeader
        eyebrow="Other"
        title={id ? (row.data?.Name ?? 'IT Glue') : 'Add IT Glue connection'}
        subtitle="The API key is checked with IT Glue when you save, and kept sealed; it is never shown again."
      />
      {id && row.isError ? (
        <QueryError error={row.error} onRetry={() => void row.refetch()} />
      ) : loading ? (
        <Skeleton variant="rounded" height={360} sx={{ maxWidth: 760 }} />
      ) : (
        <Box sx={{ maxWidth: 760 }}>
          <ItGlueForm row={row.data ?? null} options={options.data} />
        </Box>
      )}
      {id && row.data && (
        <Box component="section" aria-labelledby="itglue-mapping" sx={{ mt: 4 }}>
          <Typography id="itglue-mapping" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            Organisations and companies
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, mb: 1.5 }}>
            Organisations are matched to the company of the same name; change either side. Mapped companies are pushed
            every hour, or now.
          </Typography>
          <OrganizationMapping id={id} />
        </Box>
      )}
    </>
  );
}
