// One alias in the list: the address, when it was added, copy and (with the permission) delete.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { TenantMailboxes } from '@vigil/contract';
import { CopyButton } from '../../../../components/CopyButton';
import { formatDate } from '../../../../lib/format';

export type Alias = TenantMailboxes['Aliases'][number];

export function AliasItem({ a, canEdit, onDelete }: { a: Alias; canEdit: boolean; onDelete: (a: Alias) => void }) {
  return (
    <ListItem
      sx={{ px: 1, py: 0.25, borderRadius: '8px', '&:hover': { bgcolor: 'action.hover' } }}
      secondaryAction={
        <Box sx={{ display: 'flex', gap: 0.25 }}>
          <CopyButton text={a.Email} label={`Copy ${a.Email}`} size="small" />
          {canEdit && (
            <Tooltip title="Delete alias">
              <IconButton size="small" aria-label={`Delete alias ${a.Email}`} onClick={() => onDelete(a)}>
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
  );
}
