import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useFalseGreens } from '../../api/tenantParsers';

/**
 * False greens of the live mail stream: results read as Success that a user later set to Warning
 * or Failure, over the last 30 days, per vendor. The worst error a monitor can make.
 */
export function FalseGreensCard() {
  const q = useFalseGreens();
  const d = q.data;
  return (
    <Card sx={{ mb: 3 }} data-testid="false-greens">
      <CardContent sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, gap: 2 }}>
        <Box>
          <Typography sx={{ fontWeight: 650 }}>False greens</Typography>
          <Typography
            sx={{
              fontSize: 34,
              fontWeight: 700,
              color: d && d.Total > 0 ? 'error.main' : 'success.main',
              lineHeight: 1.2,
            }}
          >
            {q.isPending ? <Skeleton width={60} /> : (d?.Total ?? '—').toLocaleString()}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
            Read as Success, corrected by a user to Warning or Failure, last {d?.Days ?? 30} days
          </Typography>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {q.isError ? (
            <Typography sx={{ color: 'error.main', fontSize: 14 }}>{q.error.message}</Typography>
          ) : !d?.ByVendor.length ? (
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
              {q.isPending ? '' : 'No result read as Success was corrected.'}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
              {d.ByVendor.slice(0, 8).map((v) => (
                <Box
                  component="li"
                  key={v.Vendor}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontSize: 14 }}
                >
                  <Typography noWrap sx={{ fontSize: 14 }}>
                    {v.VendorName}
                  </Typography>
                  <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{v.Count.toLocaleString()}</Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
