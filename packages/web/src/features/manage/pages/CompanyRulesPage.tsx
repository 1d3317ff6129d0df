import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import type { CompanyRulesTestAnswer, RuleSet } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useCompany, useCompanyRules, useSaveCompanyRules, useTestCompanyRules } from '../api/companies';
import { TemplateRulesEditor, rulesComplete } from '../components/TemplateRulesEditor';
import { useVendorName } from '../../../lib/vendors';

/** The backups a rule set matches now (first 50 and how many), as the Test button shows them. */
export function CompanyMatches({ answer }: { answer: CompanyRulesTestAnswer }) {
  const vendorName = useVendorName();
  return (
    <Paper variant="outlined" sx={{ overflow: 'auto' }}>
      <Typography sx={{ px: 2, py: 1.5, fontWeight: 600 }} aria-live="polite">
        {answer.Total === 0
          ? 'No backup matches these rules.'
          : `${answer.Total.toLocaleString('en-US')} backup${answer.Total === 1 ? '' : 's'} match${answer.Total === 1 ? 'es' : ''}` +
            (answer.Total > answer.Backups.length ? ` (first ${answer.Backups.length} shown)` : '')}
      </Typography>
      {answer.Backups.length > 0 && (
        <Table size="small" aria-label="Matching backups">
          <TableHead>
            <TableRow>
              <TableCell>Device</TableCell>
              <TableCell>Job</TableCell>
              <TableCell>Vendor</TableCell>
              <TableCell>Client ID</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Company now</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.Backups.map((b) => (
              <TableRow key={b.Id}>
                <TableCell>{b.DeviceName}</TableCell>
                <TableCell>{b.JobName}</TableCell>
                <TableCell>{vendorName(b.Vendor)}</TableCell>
                <TableCell>{b.ClientId ?? '- None -'}</TableCell>
                <TableCell>{b.State}</TableCell>
                <TableCell>{b.CompanyName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** `/app/manage/companies/rules/{companyId}`: the company's assignment rules, with a test. */
export default function CompanyRulesPage() {
  const id = Number(useParams().companyId);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['manage.editCompanies']);
  const company = useCompany(id);
  const stored = useCompanyRules(id);
  const save = useSaveCompanyRules();
  const test = useTestCompanyRules();
  const [draft, setDraft] = useState<RuleSet | null>(null);
  const rules = draft ?? stored.data?.Rules ?? { Groups: [] };
  const complete = rulesComplete(rules);

  const submit = async () => {
    try {
      await save.mutateAsync({ id, rules });
      setDraft(null);
      snackbar.success('Successfully updated');
    } catch (err) {
      snackbar.error(err);
    }
  };
  const runTest = async () => {
    try {
      await test.mutateAsync(rules);
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="Companies"
        title={company.data ? `Rules of ${company.data.Name}` : 'Company rules'}
        subtitle="Backups without a company that match these rules are assigned to this company: new backups at once, the others when rules are applied."
        actions={
          <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => void navigate('/app/manage/companies')}>
            Companies
          </Button>
        }
      />
      {(company.isError || stored.isError) && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={company.error ?? stored.error} onRetry={() => void stored.refetch()} />
        </Box>
      )}
      {stored.data && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 1040 }}>
          <TemplateRulesEditor value={rules} onChange={setDraft} disabled={!canEdit || save.isPending} />
          {!complete && <Alert severity="warning">Every condition needs a value.</Alert>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void runTest()} loading={test.isPending} disabled={!complete}>
              Test
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                onClick={() => void submit()}
                loading={save.isPending}
                disabled={!complete || draft === null}
              >
                Save rules
              </Button>
            )}
            {draft !== null && (
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                Discard changes
              </Button>
            )}
          </Box>
          {test.data && <CompanyMatches answer={test.data} />}
        </Box>
      )}
    </>
  );
}
