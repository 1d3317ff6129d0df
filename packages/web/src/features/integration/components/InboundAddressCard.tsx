import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AlternateEmailRoundedIcon from '@mui/icons-material/AlternateEmailRounded';
import { CopyButton } from '../../../components/CopyButton';
import { InboundAddress } from './inbound/InboundAddress';
import { PlusAddressingHelp } from './inbound/PlusAddressingHelp';

/** The tenant's inbound address, big and copyable, with how plus-addressing tags reports. */
export function InboundAddressCard({ address, loading }: { address: string | undefined; loading: boolean }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            sx={(t) => ({
              width: 40,
              height: 40,
              borderRadius: '11px',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              color: t.palette.primary.main,
              bgcolor: alpha(t.palette.primary.main, 0.1),
            })}
          >
            <AlternateEmailRoundedIcon />
          </Box>
          <Box>
            <Typography variant="h6" component="h2">
              Inbound address
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              Send backup reports here: Vigil reads them and files the results.
            </Typography>
          </Box>
        </Box>

        <Box
          sx={(t) => ({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: { xs: 1.5, sm: 2.5 },
            py: { xs: 1.5, sm: 2 },
            borderRadius: '12px',
            border: `1px solid ${alpha(t.palette.primary.main, 0.28)}`,
            bgcolor: alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.08 : 0.04),
          })}
        >
          {loading || !address ? (
            <Skeleton width="70%" height={36} />
          ) : (
            <>
              <InboundAddress value={address} size="large" />
              <CopyButton text={address} label="Copy inbound address" successMessage="Inbound address copied" />
            </>
          )}
        </Box>

        <PlusAddressingHelp address={address} />
      </CardContent>
    </Card>
  );
}
