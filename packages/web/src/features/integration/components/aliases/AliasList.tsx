// The tenant's aliases: loading, none yet, or the list.
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { AliasItem, type Alias } from './AliasItem';

export function AliasList({
  aliases,
  loading,
  canEdit,
  onDelete,
}: {
  aliases: Alias[];
  loading: boolean;
  canEdit: boolean;
  onDelete: (a: Alias) => void;
}) {
  if (loading)
    return (
      <Box>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Box>
    );
  if (aliases.length === 0)
    return (
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
    );
  return (
    <List aria-labelledby="aliases-title" disablePadding sx={{ mx: -1 }}>
      {aliases.map((a) => (
        <AliasItem key={a.Id} a={a} canEdit={canEdit} onDelete={onDelete} />
      ))}
    </List>
  );
}
