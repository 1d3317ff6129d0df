import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { PRODUCT_NAME, type ApplyCompaniesAnswer } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useApply, useApplyPreview, type ApplyKind } from '../api/companies';
import { companyApplyTitle } from '../companiesWindows';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const companiesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'company' : 'companies'}`;

/**
 * The "Apply companies" windows (`companies/apply` for rules, `companies/backup-client/apply`
 * for client-id mappings): each company with the backups it would receive; backups claimed by
 * more than one company are flagged and skipped by Apply.
 */
export default function CompanyApplyWindowPage() {
  const kind: ApplyKind = useLocation().pathname.includes('backup-client') ? 'clients' : 'rules';
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['manage.editCompanies']);
  const preview = useApplyPreview(kind);
  const apply = useApply(kind);
  const [done, setDone] = useState<ApplyCompaniesAnswer | null>(null);
  const title = companyApplyTitle(kind);
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);

  const companies = preview.data ?? [];
  const backups = new Set(companies.flatMap((c) => c.Backups.map((b) => b.Id)));
  const conflicted = new Set(
    companies.flatMap((c) => c.Backups.filter((b) => b.ConflictsWith.length).map((b) => b.Id)),
  );
  const assignable = backups.size - conflicted.size;

  const run = async () => {
    try {
      const r = await apply.mutateAsync();
      setDone(r);
      snackbar.success(`${plural(r.Assigned, 'backup')} assigned to ${companiesText(r.Companies)}`);
      await preview.refetch();
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Box sx={{ maxWidth: 1240, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <PageHeader
        eyebrow="Companies"
        title={title}
        subtitle={
          kind === 'rules'
            ? 'Backups without a company (inactive or active) that company rules match.'
            : 'Backups without a company whose client ID is mapped, or equals a company name or code.'
        }
        actions={
          canEdit && (
            <Button variant="contained" onClick={() => void run()} loading={apply.isPending} disabled={!assignable}>
              Apply
            </Button>
          )
        }
      />
      {preview.isError && <QueryError error={preview.error} onRetry={() => void preview.refetch()} />}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {plural(done.Assigned, 'backup')} assigned
          {done.Conflicts ? `; ${plural(done.Conflicts, 'backup')} skipped because several companies claim them` : ''}.
        </Alert>
      )}
      {preview.data && (
        <Typography sx={{ mb: 2, color: 'text.secondary' }} aria-live="polite">
          {backups.size
            ? `${plural(assignable, 'backup')} to assign` +
              (conflicted.size ? `, ${plural(conflicted.size, 'conflict')} to resolve first` : '')
            : 'No Items'}
        </Typography>
      )}
      {companies.map((c) => (
        <Accordion key={c.Id} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{c.Name}</Typography>
              <Chip size="small" label={plural(c.Backups.length, 'backup')} />
              {c.HasConflict && <Chip size="small" color="warning" label="Conflict" />}
            </Box>
          </AccordionSummary>
          <AccordionDetails sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Backups for ${c.Name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Device</TableCell>
                  <TableCell>Job</TableCell>
                  <TableCell>Vendor</TableCell>
                  <TableCell>Client ID</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Also claimed by</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {c.Backups.map((b) => (
                  <TableRow key={b.Id} sx={b.ConflictsWith.length ? { bgcolor: 'warning.light' } : undefined}>
                    <TableCell>{b.DeviceName}</TableCell>
                    <TableCell>{b.JobName}</TableCell>
                    <TableCell>{b.Vendor}</TableCell>
                    <TableCell>{b.ClientId ?? '- None -'}</TableCell>
                    <TableCell>{b.State}</TableCell>
                    <TableCell>{b.ConflictsWith.join(', ') || '-'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
