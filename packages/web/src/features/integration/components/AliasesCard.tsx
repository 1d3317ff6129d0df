import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { TenantMailboxes } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/snackbar';
import { useDeleteAlias } from '../api/mailboxes';
import { AddAliasForm } from './aliases/AddAliasForm';
import { AliasList } from './aliases/AliasList';
import type { Alias } from './aliases/AliasItem';

/**
 * Extra addresses on the inbound domain that deliver to this tenant (for example one per backup
 * product). Adding and deleting need the edit-integrations permission.
 */
export function AliasesCard({
  data,
  loading,
  canEdit,
}: {
  data: TenantMailboxes | undefined;
  loading: boolean;
  canEdit: boolean;
}) {
  const snackbar = useSnackbar();
  const remove = useDeleteAlias();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const domain = data?.InboundDomain ?? '';
  const askDelete = (a: Alias) =>
    setConfirm({
      title: 'Delete alias',
      subject: a.Email,
      action: async () => {
        await remove.mutateAsync(a.Id);
        snackbar.success(`Alias ${a.Email} deleted`);
      },
    });

  const aliases = data?.Aliases ?? [];
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        <Box>
          <Typography variant="h6" component="h2" id="aliases-title">
            Aliases
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
            More addresses on {domain || 'the inbound domain'} that deliver to you, e.g. one per backup product.
          </Typography>
        </Box>

        <AliasList aliases={aliases} loading={loading} canEdit={canEdit} onDelete={askDelete} />

        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <AddAliasForm domain={domain} />
        ) : (
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
            Only users who may edit integrations can add or delete aliases.
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Card>
  );
}
