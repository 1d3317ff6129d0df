// One stored SMTP server in the list: address, sender, ticket profiles, make default, edit, delete.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { EmailSettings } from '@vigil/contract';
import { DeleteIconButton } from '../../../../components/DeleteIconButton';
import { quoted, serverName } from './smtpServers';

export function SmtpServerItem({
  s,
  selected,
  making,
  onMakeDefault: makeDefault,
  onEdit,
  onDelete: askDelete,
}: {
  s: EmailSettings;
  selected: boolean;
  making: number | null;
  onMakeDefault: (s: EmailSettings) => Promise<void>;
  onEdit: (id: number) => void;
  onDelete: (s: EmailSettings) => void;
}) {
  return (
    <Box
      component="li"
      aria-current={selected ? 'true' : undefined}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: '10px',
        px: 1.5,
        py: 1,
      }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{serverName(s)}</Typography>
          {s.IsDefault && <Chip size="small" color="primary" label="Default" />}
        </Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          From {s.FromName ? `${s.FromName} <${s.FromAddress}>` : s.FromAddress}
        </Typography>
        {!!s.TicketProfiles?.length && (
          <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            Used by ticket {s.TicketProfiles.length === 1 ? 'profile' : 'profiles'} {quoted(s.TicketProfiles)}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', ml: 'auto' }}>
        {!s.IsDefault && (
          <Button
            size="small"
            loading={making === s.Id}
            disabled={making !== null && making !== s.Id}
            onClick={() => void makeDefault(s)}
            aria-label={`Make ${serverName(s)} the default`}
          >
            Make default
          </Button>
        )}
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${serverName(s)}`} onClick={() => onEdit(s.Id)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <DeleteIconButton label={`Delete ${serverName(s)}`} onClick={() => askDelete(s)} />
      </Box>
    </Box>
  );
}
