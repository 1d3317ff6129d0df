// The columns of the administrators table; Super administrators also get edit and remove.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdministratorRow } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { srOnly } from '../../../../components/srOnly';
import { relativeTime } from '../../../../lib/format';
import { AdministratorActions } from './AdministratorActions';
import { AdministratorRoles, AdministratorState } from './administratorCells';

export function administratorColumns(
  actions: {
    selfId: number | undefined;
    onEdit: (a: AdministratorRow) => void;
    onRemove: (a: AdministratorRow) => void;
  } | null,
): Column<AdministratorRow>[] {
  return [
    {
      key: 'admin',
      header: 'Administrator',
      render: (a) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>{a.Email}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
            {`${a.FirstName} ${a.LastName}`.trim() || '—'}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'roles',
      header: 'Roles',
      render: (a) => <AdministratorRoles roles={a.Roles} />,
    },
    {
      key: 'state',
      header: 'State',
      hideBelow: 'sm',
      render: (a) => <AdministratorState a={a} />,
    },
    {
      key: 'login',
      header: 'Last sign-in',
      hideBelow: 'md',
      nowrap: true,
      render: (a) => (a.LastLoginAt ? relativeTime(a.LastLoginAt) : 'Never'),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            header: (
              <Box component="span" sx={srOnly}>
                Actions
              </Box>
            ),
            align: 'right' as const,
            nowrap: true,
            render: (a: AdministratorRow) => (
              <AdministratorActions
                a={a}
                self={a.Id === actions.selfId}
                onEdit={actions.onEdit}
                onRemove={actions.onRemove}
              />
            ),
          },
        ]
      : []),
  ];
}
