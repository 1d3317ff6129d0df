// The columns of the tenants table: tenant, inbound address, users, status, created (UTC), impersonate.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TenantRow } from '@vigil/contract';
import { CopyButton } from '../../../../components/CopyButton';
import type { Column } from '../../../../components/DataTable';
import { srOnly } from '../../../../components/srOnly';
import { formatUtc } from '../../../../lib/utcFormat';
import { ImpersonateButton } from './ImpersonateButton';

export function tenantColumns(
  canImpersonate: boolean,
  busy: boolean,
  start: (t: TenantRow) => Promise<void>,
): Column<TenantRow>[] {
  return [
    {
      key: 'name',
      header: 'Tenant',
      render: (t) => (
        <Box>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{t.Name}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{t.Slug}</Typography>
        </Box>
      ),
    },
    {
      key: 'inbound',
      header: 'Inbound e-mail',
      hideBelow: 'md',
      render: (t) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography
            component="code"
            sx={{ fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 13 }}
          >
            {t.InboundEmail}
          </Typography>
          <CopyButton text={t.InboundEmail} label={`Copy inbound e-mail address of ${t.Name}`} size="small" />
        </Box>
      ),
    },
    { key: 'users', header: 'Users', align: 'right', hideBelow: 'sm', render: (t) => t.UsersCount },
    {
      key: 'status',
      header: 'Status',
      render: (t) =>
        t.IsEnabled ? (
          <Chip label="Enabled" size="small" color="success" variant="outlined" />
        ) : (
          <Chip label="Disabled" size="small" variant="outlined" />
        ),
    },
    {
      key: 'created',
      header: 'Created (UTC)',
      hideBelow: 'lg',
      nowrap: true,
      render: (t) => formatUtc(t.CreatedAt, 'MM/DD/yyyy'),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      render: (t) => <ImpersonateButton t={t} canImpersonate={canImpersonate} busy={busy} onStart={start} />,
    },
  ];
}
