import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { formatMoney, type CouponDiscount, type NextCharge } from '@vigil/contract';
import { formatDate } from '../../lib/format';

/**
 * The coming charge, line by line: the plan, units over its limit, and the coupon's discount as
 * a negative line, then the total. A paused or plan-less subscription has nothing due.
 */
export function NextChargeCard({
  charge,
  discount,
  status,
}: {
  charge: NextCharge | null;
  discount: CouponDiscount | null;
  /** Subscription status, to say why nothing is due. */
  status: string;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label="Next charge" sx={{ p: 2.5, borderRadius: '14px' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          Next charge{charge?.DueAt ? ` · ${formatDate(charge.DueAt, 'MM/DD/yyyy')}` : ''}
        </Typography>
        {discount && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<LocalOfferOutlinedIcon />}
            label={`${discount.Code}: ${discount.Summary}`}
          />
        )}
      </Box>
      {!charge ? (
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {status === 'paused'
            ? 'Nothing is due while the subscription is paused.'
            : status === 'canceled'
              ? 'Nothing is due: the subscription is canceled.'
              : 'Nothing is due until a plan is chosen.'}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
        >
          {charge.Lines.map((l, i) => (
            <Box key={i} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontSize: 14, minWidth: 0, overflowWrap: 'anywhere' }}>
                {l.Description}
                {l.Quantity !== 1 && ` × ${l.Quantity.toLocaleString('en-US')}`}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontSize: 14,
                  textAlign: 'right',
                  fontVariantNumeric: 'tabular-nums',
                  color: l.AmountCents < 0 ? 'success.main' : undefined,
                }}
              >
                {formatMoney(l.AmountCents)}
              </Typography>
            </Box>
          ))}
          <Box aria-hidden sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider', my: 0.25 }} />
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            Total
          </Typography>
          <Typography
            component="dd"
            data-testid="next-charge-total"
            sx={{
              m: 0,
              fontWeight: 700,
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {formatMoney(charge.TotalCents)}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
