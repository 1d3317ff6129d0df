// One app message in the list: its state, severity and end, the banner as shown, where, and edit or delete.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { isMessageLive, type AppMessage } from '@vigil/contract';
import { MessageBanner, severityLabel } from '../../../components/messages/MessageBanner';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function StatusChip({ m, now }: { m: AppMessage; now: number }) {
  if (!m.IsActive) return <Chip size="small" variant="outlined" label="Off" />;
  if (m.StartsAt && Date.parse(m.StartsAt) > now)
    return <Chip size="small" color="info" variant="outlined" label={`Starts ${when(m.StartsAt)}`} />;
  if (!isMessageLive(m, now)) return <Chip size="small" variant="outlined" label="Ended" />;
  return <Chip size="small" color="success" label="Live" />;
}

export function MessageCard({
  m,
  now,
  onEdit,
  onDelete,
}: {
  m: AppMessage;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const preview = m.Text.replace(/\s+/g, ' ').slice(0, 60);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <StatusChip m={m} now={now} />
        <Chip size="small" variant="outlined" label={severityLabel[m.Severity] ?? m.Severity} />
        <Chip size="small" variant="outlined" label={m.IsDismissible ? 'Dismissible' : 'Always shown'} />
        {m.EndsAt && <Chip size="small" variant="outlined" label={`Ends ${when(m.EndsAt)}`} />}
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit message ${preview}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete message ${preview}`} onClick={onDelete}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <MessageBanner message={m} />
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        Shown {m.Locations.length ? `on ${m.Locations.join(', ')}` : 'everywhere'} · updated {when(m.UpdatedAt)}
      </Typography>
    </Paper>
  );
}
