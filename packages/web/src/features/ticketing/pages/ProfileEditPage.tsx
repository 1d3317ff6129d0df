import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/PageHeader';
import { ProfileEditor } from '../components/ProfileEditor';
import { PROFILES_PATH } from '../windows';

/**
 * `/app/ticketing/profiles/create` and `…/edit/{profileId}` (features §2.4). After saving, or
 * when the profile cannot be loaded, it returns to the path given in the route state (the list
 * by default).
 */
export default function ProfileEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo ?? PROFILES_PATH;
  const editing = 'profileId' in params;
  const id = Number(params.profileId) || null;
  const back = useCallback(() => void navigate(returnTo), [navigate, returnTo]);

  if (editing && !id) return <Navigate to={returnTo} replace />;
  return (
    <>
      <PageHeader eyebrow="Tickets" title={editing ? 'Edit Ticket Profile' : 'Create Ticket Profile'} />
      <Box sx={{ maxWidth: 650 }}>
        <ProfileEditor profileId={id} onSaved={back} onCancel={back} onFail={back} />
      </Box>
    </>
  );
}
