// The columns of the login activity table: time (UTC), user, result, detail, IP address and client.
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LoginActivity } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { describeUserAgent } from './describeUserAgent';
import { SignInTime, SignInUser } from './loginActivityCells';

export const loginActivityColumns: Column<LoginActivity>[] = [
  {
    key: 'at',
    header: 'Time',
    nowrap: true,
    hideBelow: 'sm',
    render: (a) => <SignInTime a={a} />,
  },
  {
    key: 'user',
    header: 'User',
    render: (a) => <SignInUser a={a} />,
  },
  {
    key: 'result',
    header: 'Result',
    render: (a) =>
      a.Success ? (
        <Chip label="Success" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="Failed" size="small" color="error" variant="outlined" />
      ),
  },
  {
    key: 'reason',
    header: 'Detail',
    hideBelow: 'md',
    render: (a) => <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{a.Reason || '—'}</Typography>,
  },
  {
    key: 'ip',
    header: 'IP address',
    hideBelow: 'lg',
    nowrap: true,
    render: (a) => (
      <Typography
        component="code"
        sx={{ fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 13 }}
      >
        {a.Ip || '—'}
      </Typography>
    ),
  },
  {
    key: 'agent',
    header: 'Client',
    hideBelow: 'lg',
    render: (a) => (
      <Tooltip title={a.UserAgent || 'Unknown'}>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{describeUserAgent(a.UserAgent)}</Typography>
      </Tooltip>
    ),
  },
];
