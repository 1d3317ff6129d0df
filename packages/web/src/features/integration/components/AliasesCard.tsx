import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { TenantMailboxes } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { parseAlias } from '../../../lib/ingest';
import { useAddAlias, useDeleteAlias } from '../api/mailboxes';

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
  const add = useAddAlias();
  const remove = useDeleteAlias();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const domain = data?.InboundDomain ?? '';

  const submit = async () => {
    const parsed = parseAlias(value, domain);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    try {
      const row = await add.mutateAsync(parsed.local);
      setValue('');
      snackbar.success(`Alias ${row.Email} added`);
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.Email) || resolveErrorMessage(err));
    }
  };

  const aliases = data?.Aliases ?? [];
  const typed = parseAlias(value, domain);
  const preview = value.trim() && 'local' in typed ? `${typed.local}@${domain}` : null;
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

        {loading ? (
          <Box>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : aliases.length === 0 ? (
          <Box
            sx={{
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: '10px',
              px: 2,
              py: 2.5,
              textAlign: 'center',
            }}
          >
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>No aliases yet.</Typography>
          </Box>
        ) : (
          <List aria-labelledby="aliases-title" disablePadding sx={{ mx: -1 }}>
            {aliases.map((a) => (
              <ListItem
                key={a.Id}
                sx={{ px: 1, py: 0.25, borderRadius: '8px', '&:hover': { bgcolor: 'action.hover' } }}
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.25 }}>
                    <CopyButton text={a.Email} label={`Copy ${a.Email}`} size="small" />
                    {canEdit && (
                      <Tooltip title="Delete alias">
                        <IconButton
                          size="small"
                          aria-label={`Delete alias ${a.Email}`}
                          onClick={() =>
                            setConfirm({
                              title: 'Delete alias',
                              subject: a.Email,
                              action: async () => {
                                await remove.mutateAsync(a.Id);
                                snackbar.success(`Alias ${a.Email} deleted`);
                              },
                            })
                          }
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                }
              >
                <ListItemText
                  sx={{ pr: canEdit ? 9 : 5 }}
                  primary={
                    <Box component="code" sx={{ fontSize: 13.5, overflowWrap: 'anywhere' }}>
                      {a.Email}
                    </Box>
                  }
                  secondary={`Added ${formatDate(a.CreatedAt, 'MM/DD/yyyy')}`}
                  slotProps={{ secondary: { sx: { fontSize: 12.5 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}

        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <TextField
              id="alias-new"
              label="New alias"
              size="small"
              value={value}
              disabled={!domain}
              onChange={(e) => {
                setValue(e.target.value.replace(/^\s+/, ''));
                if (error) setError(null);
              }}
              placeholder="backups"
              error={!!error}
              helperText={
                error ?? (preview ? `Reports sent to ${preview} will arrive here` : `An address on ${domain}`)
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 320 },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<AddRoundedIcon />}
              loading={add.isPending}
              disabled={!domain}
              sx={{ flexShrink: 0, height: 40 }}
            >
              Add alias
            </Button>
          </Box>
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
