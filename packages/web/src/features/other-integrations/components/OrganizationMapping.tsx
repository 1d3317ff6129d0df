import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import type { ItGlueCompanyRow, ItGlueOrganizationRow } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useItGlueMapping, usePushItGlue, useSaveItGlueMapping, useSyncItGlueOrganizations } from '../api/itglue';
import { PushState } from './PushState';

type View = 'organizations' | 'companies';
const NONE = '';

/**
 * The organisation ↔ company map: matched by name when read, changed from either side (an
 * organisation's company, or a company's organisation), with each company's last push.
 */
export function OrganizationMapping({ id }: { id: number }) {
  const snackbar = useSnackbar();
  const canEdit = usePermissions(['integration.editintegrations']);
  const mapping = useItGlueMapping(id);
  const save = useSaveItGlueMapping(id);
  const refresh = useSyncItGlueOrganizations(id);
  const push = usePushItGlue(id);
  const [view, setView] = useState<View>('organizations');
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const orgs = mapping.data?.Organizations ?? [];
  const companies = mapping.data?.Companies ?? [];
  const pushOf = (companyId: number) => orgs.find((o) => o.CompanyId === companyId)?.LastPush ?? null;

  const setMap = (OrganizationId: string, CompanyId: number | null) =>
    save.mutate({ Mappings: [{ OrganizationId, CompanyId }] }, { onError: (err) => snackbar.error(err) });
  const setCompanyOrg = (c: ItGlueCompanyRow, orgId: string) => {
    if (orgId) setMap(orgId, c.Id);
    else if (c.OrganizationId) setMap(c.OrganizationId, null);
  };
  const pushNow = () =>
    push.mutate(undefined, {
      onSuccess: (r) =>
        r.Failed
          ? snackbar.error(`${r.Failed} of ${r.Pushed + r.Failed} companies could not be pushed`)
          : snackbar.success(`Pushed ${r.Pushed} companies to IT Glue`),
      onError: (err) => snackbar.error(err),
    });

  const orgColumns: Column<ItGlueOrganizationRow>[] = [
    {
      key: 'org',
      header: 'IT Glue organisation',
      render: (o) => <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{o.OrganizationName}</Typography>,
    },
    {
      key: 'company',
      header: 'Company',
      render: (o) => (
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            gap: 1,
          }}
        >
          <TextField
            select
            size="small"
            value={o.CompanyId ? String(o.CompanyId) : NONE}
            disabled={!canEdit || save.isPending}
            onChange={(e) => setMap(o.OrganizationId, e.target.value ? Number(e.target.value) : null)}
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Company for ${o.OrganizationName}` } } }}
            sx={{ width: { xs: 150, sm: 300 } }}
          >
            <MenuItem value={NONE}>Not mapped</MenuItem>
            {companies.map((c) => (
              <MenuItem key={c.Id} value={String(c.Id)}>
                {c.Name}
              </MenuItem>
            ))}
          </TextField>
          {o.Auto && <Chip size="small" variant="outlined" label="Matched by name" />}
        </Box>
      ),
    },
    {
      key: 'push',
      header: 'Last push',
      hideBelow: 'sm',
      render: (o) => (o.CompanyId ? <PushState push={o.LastPush} /> : '-'),
    },
  ];
  const companyColumns: Column<ItGlueCompanyRow>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (c) => <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{c.Name}</Typography>,
    },
    {
      key: 'org',
      header: 'IT Glue organisation',
      render: (c) => (
        <TextField
          select
          size="small"
          value={c.OrganizationId ?? NONE}
          disabled={!canEdit || save.isPending}
          onChange={(e) => setCompanyOrg(c, e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Organisation for ${c.Name}` } } }}
          sx={{ width: { xs: 150, sm: 300 } }}
        >
          <MenuItem value={NONE}>Not mapped</MenuItem>
          {orgs.map((o) => (
            <MenuItem key={o.OrganizationId} value={o.OrganizationId}>
              {o.OrganizationName}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      key: 'push',
      header: 'Last push',
      hideBelow: 'sm',
      render: (c) => (c.OrganizationId ? <PushState push={pushOf(c.Id)} /> : '-'),
    },
  ];

  if (mapping.isError) return <QueryError error={mapping.error} onRetry={() => void mapping.refetch()} />;
  const toolbar = (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label="Search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
      />
      <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: View | null) => v && setView(v)}>
        <ToggleButton value="organizations">By organisation</ToggleButton>
        <ToggleButton value="companies">By company</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ flex: 1 }} />
      {canEdit && (
        <>
          <Button
            startIcon={<SyncRoundedIcon />}
            loading={refresh.isPending}
            onClick={() => refresh.mutate(undefined, { onError: (err) => snackbar.error(err) })}
          >
            Refresh organisations
          </Button>
          <Button
            variant="contained"
            startIcon={<CloudUploadOutlinedIcon />}
            loading={push.isPending}
            onClick={pushNow}
          >
            Push now
          </Button>
        </>
      )}
    </Box>
  );
  return view === 'organizations' ? (
    <DataTable
      caption="IT Glue organisations"
      toolbar={toolbar}
      columns={orgColumns}
      rows={orgs.filter(
        (o) => !q || o.OrganizationName.toLowerCase().includes(q) || (o.CompanyName ?? '').toLowerCase().includes(q),
      )}
      loading={mapping.isPending}
      rowKey={(o) => o.OrganizationId}
      emptyText="No organisations read from IT Glue yet."
    />
  ) : (
    <DataTable
      caption="Companies"
      toolbar={toolbar}
      columns={companyColumns}
      rows={companies.filter((c) => !q || c.Name.toLowerCase().includes(q))}
      loading={mapping.isPending}
      rowKey={(c) => c.Id}
      emptyText="No companies yet."
    />
  );
}
