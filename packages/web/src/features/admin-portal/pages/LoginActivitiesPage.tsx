import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LoginActivity } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { formatDate, relativeTime } from '../../../lib/format';
import { useLoginActivity } from '../api/admin';

/** A short name for a browser user agent ("Chrome on Windows"). */
export function describeUserAgent(ua: string): string {
  if (!ua) return 'Unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//i.test(ua)
              ? 'curl'
              : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? (ua.length > 40 ? `${ua.slice(0, 40)}…` : ua);
}

/** `/admin/user-login-activities`: every sign-in attempt, newest first, 50 a page. */
export default function LoginActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useLoginActivity(page);
  const data = activity.data;

  const columns: Column<LoginActivity>[] = [
    {
      key: 'at',
      header: 'Time',
      nowrap: true,
      hideBelow: 'sm',
      render: (a) => (
        <Tooltip title={new Date(a.At).toLocaleString()}>
          <Box>
            <Typography sx={{ fontSize: 14 }}>{formatDate(a.At)}</Typography>
            <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{relativeTime(a.At)}</Typography>
          </Box>
        </Tooltip>
      ),
    },
    {
      key: 'user',
      header: 'User',
      render: (a) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>{a.UserName}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>{a.TenantName ?? 'Platform'}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
            {formatDate(a.At)}
          </Typography>
        </Box>
      ),
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

  const footer =
    data && data.Total > 0 ? (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ color: 'text.secondary', fontSize: 13.5 }}>
          Page {data.Page} of {Math.max(1, data.TotalPages)} · {data.Total.toLocaleString()} sign-in
          {data.Total === 1 ? '' : 's'}
        </Typography>
        {data.TotalPages > 1 && (
          <Pagination
            count={data.TotalPages}
            page={page}
            shape="rounded"
            color="primary"
            onChange={(_e, p) => setParams(p === 1 ? {} : { page: String(p) })}
          />
        )}
      </Box>
    ) : undefined;

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Login activity"
        subtitle="Every sign-in attempt on the platform, newest first, with where it came from."
      />
      {activity.isError ? (
        <QueryError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <DataTable
          caption="Login activity"
          columns={columns}
          rows={data?.Results}
          rowKey={(a) => a.Id}
          loading={activity.isPending}
          emptyText="No sign-ins recorded yet."
          footer={footer}
        />
      )}
    </>
  );
}
