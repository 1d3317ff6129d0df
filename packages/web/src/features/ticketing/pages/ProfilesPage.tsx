import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TicketProfileListItem } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataGrid, useLocalColumnSettings } from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePermissions } from '../../../lib/permissions';
import { useProfileEvents } from '../api/profileChanges';
import { useProfileList } from '../api/profiles';
import { ProfilesAnnouncement } from '../components/ProfilesAnnouncement';
import { profileColumns } from '../components/profiles/profileColumns';
import { CreateProfileButton } from '../components/profiles/CreateProfileButton';
import { ProfilesToolbar } from '../components/profiles/ProfilesToolbar';
import { useProfileDelete } from '../components/profiles/useProfileDelete';
import { useProfileRows } from '../components/profiles/useProfileRows';
import { PROFILES_PATH } from '../windows';

/** `/app/ticketing/profiles`: where tickets go and how they read. */
export default function ProfilesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const formats = useTenantFormats();
  const list = useProfileList({ Page: 1, Size: 500 });
  const columnSettings = useLocalColumnSettings('ticketing profiles');
  const canEdit = usePermissions(['ticket.editautomaticticketingprofiles']);
  const [search, setSearch] = useState('');
  const { askDelete, confirm, closeConfirm } = useProfileDelete();
  useProfileEvents();

  const rows = useProfileRows(list.data?.Results, search);

  const edit = (p: TicketProfileListItem) => void navigate(`${PROFILES_PATH}/edit/${p.Id}`);
  const columns = profileColumns({ onEdit: edit, onDelete: askDelete, canEdit, dateTime: formats.dateTime });

  return (
    <>
      <PageHeader
        eyebrow="Tickets"
        title="Ticket Profiles"
        subtitle={
          small ? undefined : 'Where tickets go (PSA, e-mail or webhook) and how they read. Rules choose a profile.'
        }
        actions={<CreateProfileButton disabled={!canEdit} onClick={() => void navigate(`${PROFILES_PATH}/create`)} />}
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="ticket-profiles-grid"
        label="Ticket profiles"
        columns={columns}
        data={rows}
        getRowId={(p) => String(p.Id)}
        defaultSorting={[{ id: 'name', desc: false }]}
        {...columnSettings}
        onRowClick={canEdit ? edit : undefined}
        contextActions={
          canEdit
            ? [
                { label: 'Edit', onClick: edit },
                { label: 'Delete', onClick: askDelete },
              ]
            : []
        }
        loading={list.isPending}
        emptyText={search ? 'No profile matches this search' : 'No Items'}
        toolbar={<ProfilesToolbar search={search} setSearch={setSearch} total={list.data?.Total} />}
        height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <ConfirmDialog request={confirm} onClose={closeConfirm} />
      <ProfilesAnnouncement />
    </>
  );
}
