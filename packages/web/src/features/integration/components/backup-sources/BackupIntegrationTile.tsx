// One backup vendor as a card: logo, title, how it connects, its sources and the unhealthy ones.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BackupIntegrationCard } from '@vigil/contract';
import { VendorLogo } from './VendorLogo';

export function BackupIntegrationTile({ card }: { card: BackupIntegrationCard }) {
  const d = card.Descriptor;
  const sources = card.SourceCount === 1 ? '1 source' : `${card.SourceCount} sources`;
  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', overflow: 'hidden' }} data-testid={`backup-card-${d.Type}`}>
      <CardActionArea
        component={RouterLink}
        to={`/app/integration/backup/${d.UrlType}`}
        aria-label={`${d.Title}: ${sources}`}
        sx={{ p: 2, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5, height: '100%' }}
      >
        <VendorLogo src={d.Logo} title={d.Title} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 650 }}>{d.Title}</Typography>
            {d.Beta && (
              <Chip size="small" color="info" variant="outlined" label="Beta" sx={{ height: 20, fontSize: 11 }} />
            )}
          </Box>
          <Typography sx={{ color: 'text.secondary', fontSize: 13, mt: 0.25 }}>{d.ProfileType}</Typography>
          <Box sx={{ display: 'flex', gap: 0.75, mt: 1.25, flexWrap: 'wrap' }}>
            <Chip size="small" variant="outlined" label={sources} />
            {card.UnhealthyCount > 0 && <Chip size="small" color="error" label={`${card.UnhealthyCount} unhealthy`} />}
          </Box>
        </Box>
      </CardActionArea>
    </Paper>
  );
}
