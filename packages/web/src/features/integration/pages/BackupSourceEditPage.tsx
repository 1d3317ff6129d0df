import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { BACKUP_SOURCES, BackupSourceType, type BackupSourceRow } from '@vigil/contract';
import { NotFound } from '../../../components/NotFound';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useBackupSource, useSaveBackupSource } from '../api/backupSources';
import { bodyFromForm, formErrors, formFromSource } from '../backupSourceForm';
import { AzureConnect } from '../components/backup-sources/AzureConnect';
import { BackupSourceFields } from '../components/backup-sources/BackupSourceFields';
import { SourceCompanies } from '../components/backup-sources/SourceCompanies';

/** `/app/integration/backup/{type}/create` and `/{id}`: a source's credentials and settings, and its customers. */
export default function BackupSourceEditPage() {
  const params = useParams();
  const parsed = BackupSourceType.safeParse(params.type);
  const id = params.id === 'create' ? null : Number(params.id);
  if (!parsed.success || (id !== null && !(Number.isInteger(id) && id > 0))) return <NotFound />;
  return <SourceEditor key={`${parsed.data}:${id ?? 'new'}`} type={parsed.data} id={id} />;
}

function SourceEditor({ type, id }: { type: BackupSourceType; id: number | null }) {
  const d = BACKUP_SOURCES[type];
  const source = useBackupSource(type, id);
  const back = `/app/integration/backup/${type}`;
  return (
    <>
      <Button component={RouterLink} to={back} startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 1 }}>
        {d.Title}
      </Button>
      <PageHeader
        eyebrow="Backup Integrations"
        title={id ? (source.data?.Name ?? 'Source') : `Add ${d.Title} source`}
        subtitle={`${d.ProfileType}. The credentials are checked with ${d.Title} when you save.`}
      />
      {id && source.isError ? (
        <QueryError error={source.error} onRetry={() => void source.refetch()} />
      ) : id && source.isPending ? (
        <Skeleton variant="rounded" height={360} sx={{ maxWidth: 640 }} />
      ) : (
        <>
          {type === 'azure' && !id && (
            <>
              <AzureConnect />
              <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
                Or enter an existing application&apos;s credentials
              </Typography>
            </>
          )}
          <SourceForm type={type} row={source.data ?? null} />
        </>
      )}
      {id && source.data && (
        <Box component="section" aria-labelledby="source-companies" sx={{ mt: 4 }}>
          <Typography id="source-companies" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Companies
          </Typography>
          <SourceCompanies type={type} id={id} />
        </Box>
      )}
    </>
  );
}

function SourceForm({ type, row }: { type: BackupSourceType; row: BackupSourceRow | null }) {
  const d = BACKUP_SOURCES[type];
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['integration.editintegrations']);
  const save = useSaveBackupSource(type);
  const [form, setForm] = useState(() => formFromSource(d, row));
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setErrors({});
    try {
      await save.mutateAsync(bodyFromForm(d, form, row?.Id));
      snackbar.success(row ? 'Source saved' : 'Source added');
      void navigate(`/app/integration/backup/${type}`);
    } catch (err) {
      // The vendor's reason for refusing the credentials, and what is wrong with each field.
      setAlert(resolveErrorMessage(err));
      if (err instanceof ApiError) setErrors(formErrors(err.fieldErrors));
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={`${d.Title} source`}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: '14px', maxWidth: 640, display: 'grid', gap: 2.25 }}
    >
      {alert && (
        <Alert severity="error" role="alert" data-testid="source-error">
          {alert}
        </Alert>
      )}
      <BackupSourceFields
        descriptor={d}
        form={form}
        stored={row?.Stored ?? []}
        errors={errors}
        disabled={!canEdit || save.isPending}
        onChange={setForm}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={`/app/integration/backup/${type}`}>
          Cancel
        </Button>
        {canEdit && (
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        )}
      </Box>
    </Paper>
  );
}
