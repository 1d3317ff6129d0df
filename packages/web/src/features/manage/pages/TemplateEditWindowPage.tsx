import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BackupSettings, TemplateRow } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useCompanyChoices } from '../../../lib/backupsApi';
import { useStandaloneTemplate, useTemplate, useUpdateTemplate } from '../api/templates';
import { TemplateSettingsForm } from '../components/TemplateSettingsForm';

/** Window templates/edit/{templateId}: name, backup settings and companies of one template. */
export default function TemplateEditWindowPage() {
  const id = Number(useParams().templateId);
  const template = useTemplate(id);
  if (template.isPending) return <CircularProgress aria-label="Loading template" />;
  if (template.isError) return <QueryError error={template.error} onRetry={() => void template.refetch()} />;
  return <EditForm key={template.data.Id} template={template.data} />;
}

function EditForm({ template }: { template: TemplateRow }) {
  const snackbar = useSnackbar();
  const companies = useCompanyChoices();
  const canEdit = usePermissions(['manage.editTemplates', 'manage.editbackups']);
  const update = useUpdateTemplate();
  const standalone = useStandaloneTemplate();
  const [name, setName] = useState(template.Name);
  const [settings, setSettings] = useState<BackupSettings>(template.Settings);
  const [companyIds, setCompanyIds] = useState<number[]>(template.Companies);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (!name.trim()) return setError('Name is required');
    update.mutate(
      { Id: template.Id, Name: name.trim(), Settings: settings, Companies: companyIds },
      {
        onSuccess: (t) =>
          snackbar.success(`Saved ${t.Name}; ${t.BackupsCount.toLocaleString('en-US')} linked backups updated`),
        onError: (e) => {
          setError(e instanceof Error ? e.message : String(e));
          snackbar.error(e);
        },
      },
    );
  };

  return (
    <Box sx={{ p: 3, display: 'grid', gap: 3, maxWidth: 860, mx: 'auto' }}>
      <Typography variant="h5">Edit template</Typography>
      <TextField
        label="Name"
        value={name}
        disabled={!canEdit}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      <TextField
        select
        label="Companies"
        helperText="The template matches backups of these companies only; none selected means all companies."
        disabled={!canEdit}
        value={companyIds}
        slotProps={{ select: { multiple: true } }}
        onChange={(e) => setCompanyIds((e.target.value as unknown as number[]).map(Number))}
      >
        {(companies.data ?? []).map((c) => (
          <MenuItem key={c.Id} value={c.Id}>
            {c.Name}
          </MenuItem>
        ))}
      </TextField>
      <TemplateSettingsForm value={settings} onChange={setSettings} disabled={!canEdit} />
      <Typography color="text.secondary">
        Saving writes these settings to all {template.BackupsCount.toLocaleString('en-US')} linked backups.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          color="warning"
          disabled={!canEdit || template.BackupsCount === 0 || standalone.isPending}
          onClick={() =>
            standalone.mutate(template.Id, {
              onSuccess: (a) =>
                snackbar.success(
                  `${a.Converted} backups are now standalone${a.isActive ? '' : '; auto-activation is off'}`,
                ),
              onError: (e) => snackbar.error(e),
            })
          }
        >
          Convert backups to standalone
        </Button>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={() => window.close()}>Close</Button>
          <Button variant="contained" disabled={!canEdit || update.isPending} onClick={save}>
            Save
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
