import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AlternateEmailRoundedIcon from '@mui/icons-material/AlternateEmailRounded';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { CopyButton } from '../../../components/CopyButton';
import { plusAddress } from '../../../lib/ingest';

const EXAMPLE_TAG = 'clientcode';

function Address({ value, size }: { value: string; size: 'large' | 'small' }) {
  return (
    <Typography
      component="code"
      data-testid={size === 'large' ? 'inbound-address' : undefined}
      sx={{
        fontSize: size === 'large' ? { xs: 16, sm: 24 } : { xs: 13, sm: 14 },
        fontWeight: size === 'large' ? 650 : 500,
        letterSpacing: size === 'large' ? '-0.01em' : 0,
        overflowWrap: 'anywhere',
        minWidth: 0,
      }}
    >
      {value}
    </Typography>
  );
}

/** The tenant's inbound address, big and copyable, with how plus-addressing tags reports. */
export function InboundAddressCard({ address, loading }: { address: string | undefined; loading: boolean }) {
  const example = address ? plusAddress(address, EXAMPLE_TAG) : '';
  const local = address ? address.slice(0, address.lastIndexOf('@')) : '';
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
              <Address value={address} size="large" />
              <CopyButton text={address} label="Copy inbound address" successMessage="Inbound address copied" />
            </>
          )}
        </Box>

        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <LocalOfferOutlinedIcon sx={{ color: 'text.secondary', mt: 0.25, fontSize: 20 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>Tag reports with a client code</Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.25 }}>
              Add a plus sign and a code after{' '}
              <Box component="code" sx={{ fontSize: 13 }}>
                {local || 'your address'}
              </Box>{' '}
              and the report still arrives here. Vigil keeps the tag with every result, so backups can be mapped to the
              right company automatically.
            </Typography>
            {address && (
              <Box sx={{ mt: 1 }}>
                <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>For example</Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                  <Address value={example} size="small" />
                  <CopyButton text={example} label="Copy example address" size="small" />
                </Box>
              </Box>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
