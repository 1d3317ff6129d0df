import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useTenantTimeFormat } from '../../../lib/tenantFormats';
import { useSchedules } from '../api/schedules';
import { useTemplate } from '../api/templates';
import { templatePolicyLines } from '../templatePolicy';

/**
 * Window templates/policy?templateId=: the policy a template gives the backups that follow it —
 * schedule, business day, status calculation, failure threshold, tags and companies — read only.
 */
export default function TemplatePolicyWindowPage() {
  const id = Number(useSearchParams()[0].get('templateId'));
  const valid = Number.isInteger(id) && id > 0;
  const template = useTemplate(valid ? id : 0);
  const schedules = useSchedules();
  const timeFormat = useTenantTimeFormat();
  if (!valid) return <Alert severity="warning">No template was given to this window.</Alert>;
  if (template.isPending) return <CircularProgress aria-label="Loading template" />;
  if (template.isError) return <QueryError error={template.error} onRetry={() => void template.refetch()} />;
  const t = template.data;
  const lines = templatePolicyLines(t, schedules.data ?? [], timeFormat);
  return (
    <>
      <PageHeader
        eyebrow="Template policy"
        title={t.Name}
        subtitle="What every backup following this template is audited by. Edit the template to change it."
      />
      <Card>
        <CardContent
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, rowGap: 1.5, columnGap: 3 }}
        >
          {lines.map((l) => (
            <Box key={l.label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 14 }}>
                {l.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {l.value}
              </Typography>
            </Box>
          ))}
        </CardContent>
      </Card>
      {t.Settings.Notes && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Notes
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{t.Settings.Notes}</Typography>
          </CardContent>
        </Card>
      )}
    </>
  );
}
