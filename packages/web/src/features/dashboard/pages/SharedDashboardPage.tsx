import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@vigil/contract';
import { Logo } from '../../../components/Logo';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { sharedLogoUrl, useSharedDashboard } from '../api/dashboards';
import { TileChart } from '../components/charts';
import { DashboardGrid } from '../components/DashboardGrid';
import { rangeCaption, TileCard } from '../components/TileCard';

/**
 * A shared dashboard (public route `dashboard-share`): the tiles with their data, read-only, under
 * the tenant's logo and name; no sign-in, no menu; it refreshes itself every 5 minutes.
 */
export default function SharedDashboardPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shared = useSharedDashboard(token);
  const data = shared.data;

  let body;
  if (!token) body = <Alert severity="warning">This link is incomplete: it carries no share token.</Alert>;
  else if (shared.error)
    body = (
      <Alert severity="error">
        {shared.error instanceof ApiError && [401, 403, 404].includes(shared.error.status)
          ? 'This link does not work any more. Ask the person who shared it for a new one.'
          : resolveErrorMessage(shared.error)}
      </Alert>
    );
  else if (!data) body = <Skeleton variant="rounded" height={360} />;
  else if (!data.tiles.length)
    body = <Typography sx={{ color: 'text.secondary' }}>This dashboard has no tiles.</Typography>;
  else
    body = (
      <DashboardGrid
        tiles={data.tiles}
        editable={false}
        renderTile={(t) => {
          const tile = data.tiles.find((x) => x.id === t.id)!;
          return (
            <TileCard title={tile.title} caption={rangeCaption(tile.range)} draggable={false} loading={false}>
              <TileChart def={tile} data={tile.data} />
            </TileCard>
          );
        }}
      />
    );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {data?.hasLogo ? (
          <Box
            component="img"
            src={sharedLogoUrl(token)}
            alt={`${data.tenantName} logo`}
            sx={{ height: 36, maxWidth: 160, objectFit: 'contain' }}
          />
        ) : (
          <Logo size={32} title={PRODUCT_NAME} />
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h1" noWrap sx={{ lineHeight: 1.2 }}>
            {data?.name ?? 'Shared dashboard'}
          </Typography>
          {data && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
              {data.tenantName}
            </Typography>
          )}
        </Box>
        {shared.dataUpdatedAt > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
            Updated {formatDate(shared.dataUpdatedAt, 'hh:mm A', data?.timeZone)}
          </Typography>
        )}
      </Box>
      <Box component="main" sx={{ px: { xs: 1.5, sm: 3 }, py: 2 }}>
        {body}
      </Box>
    </Box>
  );
}
