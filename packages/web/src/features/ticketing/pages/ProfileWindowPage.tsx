import { useCallback } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProfileEditor } from '../components/ProfileEditor';

/**
 * Windows create-profile and edit-profile/{profileId} (features §2.4): saving announces
 * ticket-profile-created (with the Id) or ticket-profile-updated, then the window closes.
 */
export default function ProfileWindowPage() {
  const params = useParams();
  const id = Number(params.profileId) || null;
  const close = useCallback(() => window.close(), []);
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, maxWidth: 700, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {id ? `Edit Ticket Profile #${id}` : 'Create Ticket Profile'}
      </Typography>
      {params.profileId && !id ? (
        <Typography color="error">This ticket profile does not exist.</Typography>
      ) : (
        <ProfileEditor profileId={id} onSaved={close} onCancel={close} onFail={close} />
      )}
    </Box>
  );
}
