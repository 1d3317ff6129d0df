import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { SEARCH_DEBOUNCE_MS, type CompanyListItem, type CompanyOption } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { DataGrid } from '../../../components/grid';
import { usePermissions } from '../../../lib/permissions';
import { useCompanyList, useCompanyTableUpdates, useDeleteCompany, useReplaceCompany } from '../api/companies';
import { CompanyDialog, type CompanyDraft } from '../components/CompanyDialog';
import { companyColumns } from '../components/companyColumns';
import { CompanyPicker } from '../components/CompanyPicker';
import { openCompanyApply } from '../companiesWindows';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Replace a company with another: its backups, rules and client ids move, then it is deleted. */
function ReplaceDialog({ source, onClose }: { source: CompanyListItem | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const replace = useReplaceCompany();
  const [target, setTarget] = useState<CompanyOption | null>(null);
  const [shown, setShown] = useState<CompanyListItem | null>(source);
  if (source && source !== shown) {
    setShown(source);
    setTarget(null);
  }
  const submit = async () => {
    if (!shown || !target) return;
    try {
      const r = await replace.mutateAsync({ Id: shown.Id, ReplaceWithId: target.Id });
      snackbar.success(`${shown.Name} replaced with ${target.Name}: ${plural(r.MovedBackups, 'backup')} moved`);
      onClose();
    } catch (err) {
      snackbar.error(err);
    }
  };
  return (
    <Dialog
      open={!!source}
      onClose={replace.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="replace-dlg"
    >
      <DialogTitle id="replace-dlg">Replace {shown?.Name}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          Every backup, assignment rule and client ID of {shown?.Name} moves to the company you choose, and{' '}
          {shown?.Name} is deleted.
        </Typography>
        <CompanyPicker
          id="replace-with"
          label="Replace with"
          value={target}
          onChange={setTarget}
          excludeId={shown?.Id}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={replace.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!target} loading={replace.isPending} onClick={() => void submit()}>
          Replace
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/app/manage/companies`: the tenant's client companies, 20 a page, with their rules and client ids. */
export default function CompaniesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const windows = useWindowManager();
  const canEdit = usePermissions(['manage.editCompanies']);
  useCompanyTableUpdates();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  const [includeEmpty, setIncludeEmpty] = useState(true);
  const [includeLocal, setIncludeLocal] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setName(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const list = useCompanyList({ Name: name, IncludeEmpty: includeEmpty, IncludeLocal: includeLocal });
  const remove = useDeleteCompany();
  const [draft, setDraft] = useState<CompanyDraft | null>(null);
  const [replacing, setReplacing] = useState<CompanyListItem | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => (list.data?.pages ?? []).flatMap((p) => p.data), [list.data]);
  const last = list.data?.pages[list.data.pages.length - 1];

  const onRules = useCallback((c: CompanyListItem) => void navigate(`rules/${c.Id}`), [navigate]);
  const onEdit = useCallback((c: CompanyListItem) => setDraft({ Id: c.Id, Name: c.Name, Code: c.Code ?? '' }), []);
  const onDelete = useCallback(
    (c: CompanyListItem) =>
      setConfirm({
        title: 'Delete company',
        subject: c.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          const r = await remove.mutateAsync(c.Id);
          snackbar.success(
            r.UnassignedBackups
              ? `Successfully deleted. ${plural(r.UnassignedBackups, 'backup')} now without a company.`
              : 'Successfully deleted.',
          );
        },
      }),
    [remove, snackbar],
  );
  const columns = useMemo(
    () => companyColumns({ canEdit, onRules, onEdit, onReplace: setReplacing, onDelete }),
    [canEdit, onRules, onEdit, onDelete],
  );

  return (
    <>
      <PageHeader
        eyebrow="Manage"
        title="Companies"
        subtitle={
          small
            ? undefined
            : 'Client companies and how backups find them: assignment rules and the client IDs backups carry.'
        }
        actions={
          <>
            <Button variant="outlined" onClick={() => void navigate('backup-client')}>
              Client IDs
            </Button>
            <Button variant="outlined" onClick={() => openCompanyApply(windows, 'rules')}>
              Apply rules
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                startIcon={<AddRoundedIcon />}
                onClick={() => setDraft({ Name: '', Code: '' })}
              >
                New company
              </Button>
            )}
          </>
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="companies-grid"
        label="Companies"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        onRowClick={onRules}
        contextActions={[
          { label: 'Rules', onClick: onRules },
          ...(canEdit
            ? [
                { label: 'Rename', onClick: onEdit },
                { label: 'Replace with…', onClick: setReplacing },
                { label: 'Delete', onClick: onDelete },
              ]
            : []),
        ]}
        total={last?.pagination.total}
        hasMore={!!list.hasNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadingMore={list.isFetchingNextPage}
        pagesLoaded={list.data?.pages.length}
        loading={list.isPending}
        emptyText={list.isError ? 'The companies could not be loaded.' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SearchField id="companies-search" label="Search" value={input} onChange={setInput} />
            <FormControlLabel
              control={<Switch checked={includeEmpty} onChange={(e) => setIncludeEmpty(e.target.checked)} />}
              label="Include empty"
            />
            <FormControlLabel
              control={<Switch checked={includeLocal} onChange={(e) => setIncludeLocal(e.target.checked)} />}
              label="Include local"
            />
          </Box>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 260px))'}
      />
      <CompanyDialog draft={draft} onClose={() => setDraft(null)} />
      <ReplaceDialog source={replacing} onClose={() => setReplacing(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
