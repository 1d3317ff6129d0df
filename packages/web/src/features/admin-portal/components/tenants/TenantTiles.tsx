// The figures above the tenants table: tenants, enabled tenants and users.
import Grid from '@mui/material/Grid';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import type { TenantRow } from '@vigil/contract';
import { StatTile } from '../StatTile';

export function TenantTiles({ list, loading }: { list: TenantRow[]; loading: boolean }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={4}>
        <StatTile label="Tenants" value={list.length} icon={<ApartmentOutlinedIcon />} loading={loading} />
      </Grid>
      <Grid size={4}>
        <StatTile
          label="Enabled"
          value={list.filter((t) => t.IsEnabled).length}
          icon={<CheckCircleOutlineRoundedIcon />}
          loading={loading}
        />
      </Grid>
      <Grid size={4}>
        <StatTile
          label="Users"
          value={list.reduce((n, t) => n + t.UsersCount, 0)}
          icon={<GroupOutlinedIcon />}
          loading={loading}
        />
      </Grid>
    </Grid>
  );
}
