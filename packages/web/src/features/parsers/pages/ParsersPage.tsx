import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import type { TenantParser } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useDateFormatter } from '../../../components/email/dates';
import { useDeleteParser, useSaveParser, useTenantParsers } from '../api/parsers';
import { describeField } from '../derive';

/** `/app/integration/parsers`: the parsers this tenant taught Vigil; edit, turn off or delete them. */
export default function ParsersPage() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const fmt = useDateFormatter();
  const parsers = useTenantParsers();
  const save = useSaveParser();
  const remove = useDeleteParser();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const toggle = async (p: TenantParser) => {
    try {
      await save.mutateAsync({
        id: p.Id,
        input: { Name: p.Name, Vendor: p.Vendor, Enabled: !p.Enabled, Rule: p.Rule },
      });
      snackbar.success(`${p.Name} ${p.Enabled ? 'turned off' : 'turned on'}`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<TenantParser>[] = [
    {
      key: 'name',
      header: 'Parser',
      render: (p) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14 }}>
            {p.Name}
            {p.BuiltIn && <Chip size="small" label="Built-in" color="primary" variant="outlined" sx={{ ml: 1 }} />}
          </Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Files results as {p.Vendor}</Typography>
        </Box>
      ),
    },
    { key: 'senders', header: 'Senders', render: (p) => p.Rule.Senders.join(', ') },
    {
      key: 'reads',
      header: 'Reads',
      hideBelow: 'lg',
      render: (p) => (
        <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>
          Job: {describeField(p.Rule.Job)}
          <br />
          Device: {describeField(p.Rule.Device)}
        </Typography>
      ),
    },
    { key: 'samples', header: 'Samples', render: (p) => p.Samples.length, align: 'right', hideBelow: 'md' },
    {
      key: 'updated',
      header: 'Updated',
      hideBelow: 'md',
      nowrap: true,
      render: (p) => `${fmt(p.UpdatedAt)}${p.UpdatedBy ? ` · ${p.UpdatedBy}` : ''}`,
    },
    {
      key: 'enabled',
      header: 'On',
      render: (p) => (
        <Switch
          checked={p.Enabled}
          onChange={() => void toggle(p)}
          slotProps={{ input: { 'aria-label': `${p.Name} on` } }}
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      nowrap: true,
      render: (p) => (
        <>
          <Button
            size="small"
            startIcon={<EditRoundedIcon />}
            onClick={() => void navigate(`/app/integration/parsers/${p.Id}`)}
          >
            Edit
          </Button>
          <DeleteIconButton
            label={`Delete ${p.Name}`}
            onClick={() =>
              setConfirm({
                title: 'Delete parser',
                subject: p.Name,
                action: () => remove.mutateAsync(p.Id),
              })
            }
          />
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Integration"
        title="Parsers"
        subtitle="Parsers you taught Vigil from your own e-mails. They read e-mails no built-in parser knows, before the generic reader."
      />
      {parsers.isError ? (
        <QueryError error={parsers.error} onRetry={() => void parsers.refetch()} />
      ) : (
        <DataTable
          caption="Tenant parsers"
          columns={columns}
          rows={parsers.data}
          rowKey={(p) => p.Id}
          loading={parsers.isPending}
          emptyText="No parser yet. Open an unrecognised e-mail in Mailboxes and choose “Teach Vigil to read this”."
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
