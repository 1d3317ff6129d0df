// The columns of the API keys table: name, prefix, dates, recent use and delete.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { API_KEY_USAGE_DAYS, type ApiKeyItem } from '@vigil/contract';
import type { Column } from '../../../../components/DataTable';
import { srOnly } from '../../../../components/srOnly';
import { relativeTime } from '../../../../lib/format';
import type { TenantFormats } from '../../../../lib/tenantFormats';
import { count, mono } from './apiKeyFormat';
import { apiKeyLastUsed } from './apiKeyLastUsed';

export function apiKeyColumns(formats: TenantFormats, askDelete: (k: ApiKeyItem) => void): Column<ApiKeyItem>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (k) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, fontSize: 14, overflowWrap: 'anywhere' }}>{k.Name}</Typography>
          {/* On a phone the hidden columns fold into the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12.5 }}>
            <Box component="span" sx={mono}>
              {k.Prefix}…
            </Box>{' '}
            · used {k.LastUsedAt ? relativeTime(k.LastUsedAt) : 'never'}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'prefix',
      header: 'Key',
      hideBelow: 'sm',
      nowrap: true,
      render: (k) => (
        <Box component="span" sx={mono}>
          {k.Prefix}…
        </Box>
      ),
    },
    { key: 'created', header: 'Created', hideBelow: 'md', nowrap: true, render: (k) => formats.dateTime(k.CreatedAt) },
    { key: 'createdBy', header: 'Created by', hideBelow: 'lg', render: (k) => k.CreatedBy ?? '—' },
    { key: 'lastUsed', header: 'Last used', hideBelow: 'sm', nowrap: true, render: (k) => apiKeyLastUsed(k, formats) },
    {
      key: 'requests',
      header: `Requests (${API_KEY_USAGE_DAYS} days)`,
      hideBelow: 'md',
      align: 'right',
      nowrap: true,
      render: (k) => (
        <Tooltip title={`${count(k.RecentRows)} rows returned`}>
          <span>{count(k.RecentRequests)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      width: 56,
      render: (k) => (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete API key ${k.Name}`} onClick={() => askDelete(k)}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
}
