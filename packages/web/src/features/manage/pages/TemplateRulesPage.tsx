import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { RuleSet, TemplateRow, TemplateTestAnswer } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useSaveTemplateRules, useTemplate, useTestTemplateRules, useTemplateTableUpdates } from '../api/templates';
import { rulesComplete, TemplateRulesEditor } from '../components/TemplateRulesEditor';
import { ApplyTemplateDialog } from './TemplatesPage';
import { useVendorName } from '../../../lib/vendors';

/** Manage → Templates → rules/{templateId}: edit the matching rules, test them, apply. */
export default function TemplateRulesPage() {
  useTemplateTableUpdates();
  const id = Number(useParams().templateId);
  const template = useTemplate(id);
  if (template.isPending) return <CircularProgress aria-label="Loading template" />;
  if (template.isError) return <QueryError error={template.error} onRetry={() => void template.refetch()} />;
  return <RulesForm key={template.data.Id} template={template.data} />;
}

function RulesForm({ template }: { template: TemplateRow }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['manage.getTemplates', 'manage.editTemplates']);
  const canApply = usePermissions(['manage.editTemplates', 'manage.editbackups']);
  const [rules, setRules] = useState<RuleSet>(template.Rules);
  const [tested, setTested] = useState<TemplateTestAnswer | null>(null);
  const [applying, setApplying] = useState(false);
  const save = useSaveTemplateRules();
  const test = useTestTemplateRules();
  const vendorName = useVendorName();
  const dirty = JSON.stringify(rules) !== JSON.stringify(template.Rules);
  const complete = rulesComplete(rules);

  return (
    <Box>
      <PageHeader
        eyebrow="Templates"
        title={template.Name}
        subtitle="A backup matches when every condition of any one group holds."
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={() => void navigate('../..', { relative: 'path' })}>Back to templates</Button>
            <Button
              variant="outlined"
              disabled={!complete || test.isPending}
              onClick={() =>
                test.mutate(
                  { Rules: rules, Companies: template.Companies },
                  { onSuccess: setTested, onError: (e) => snackbar.error(e) },
                )
              }
            >
              Test
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                disabled={!dirty || !complete || save.isPending}
                onClick={() =>
                  save.mutate(
                    { Id: template.Id, Rules: rules },
                    { onSuccess: () => snackbar.success('Rules saved'), onError: (e) => snackbar.error(e) },
                  )
                }
              >
                Save rules
              </Button>
            )}
            {canApply && (
              <Button variant="contained" color="secondary" disabled={dirty} onClick={() => setApplying(true)}>
                Apply
              </Button>
            )}
          </Box>
        }
      />
      {template.isActive && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Auto-activation is on: new backups these rules match are activated with this template's settings.
        </Alert>
      )}
      <TemplateRulesEditor value={rules} onChange={setRules} disabled={!canEdit} />
      {tested && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {tested.Total.toLocaleString('en-US')} matching backup{tested.Total === 1 ? '' : 's'}
          </Typography>
          <DataTable
            caption="Matching backups"
            rows={tested.Backups}
            rowKey={(b) => b.Id}
            columns={[
              { key: 'device', header: 'Device', render: (b) => b.DeviceName },
              { key: 'job', header: 'Job', render: (b) => b.JobName, hideBelow: 'sm' },
              { key: 'vendor', header: 'Vendor', render: (b) => vendorName(b.Vendor), hideBelow: 'md' },
              { key: 'company', header: 'Company', render: (b) => b.CompanyName },
              { key: 'state', header: 'State', render: (b) => b.State },
              { key: 'template', header: 'Template', render: (b) => b.TemplateName ?? 'Standalone' },
            ]}
          />
        </Box>
      )}
      <ApplyTemplateDialog template={applying ? template : null} onClose={() => setApplying(false)} />
    </Box>
  );
}
