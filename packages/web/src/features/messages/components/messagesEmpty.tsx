// The messages list while loading, and when there is no message yet.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';

export function MessagesLoading() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={140} />
      ))}
    </Box>
  );
}

export function NoMessages() {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
      <CampaignOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography sx={{ mt: 1, fontWeight: 600 }}>No messages</Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Announce maintenance, incidents or news with a banner in the app.
      </Typography>
    </Paper>
  );
}
