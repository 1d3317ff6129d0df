import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney, type PlanInfo } from '@vigil/contract';

export const planPrice = (p: PlanInfo) => `${formatMoney(p.PriceCents, { compact: true })}/${p.Interval}`;
export const planLimit = (p: PlanInfo) =>
  p.UnitLimit == null ? 'Unlimited active units' : `Up to ${p.UnitLimit.toLocaleString('en-US')} active units`;

/** One plan on offer: price, limit, and the button that chooses it (or why it cannot be chosen). */
export function PlanCard({
  plan,
  current,
  units,
  canChange,
  onChoose,
}: {
  plan: PlanInfo;
  current: boolean;
  units: number;
  canChange: boolean;
  onChoose: (p: PlanInfo) => void;
}) {
  const tooSmall = plan.UnitLimit != null && plan.OverageCents === 0 && units > plan.UnitLimit;
  const note = current
    ? null
    : !plan.Purchasable
      ? 'Contact us to move to this plan.'
      : tooSmall
        ? `Your ${units.toLocaleString('en-US')} active units exceed this plan's limit.`
        : null;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`${plan.Name} plan`}
      sx={{
        p: 2.5,
        borderRadius: '14px',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderColor: current ? 'primary.main' : undefined,
        borderWidth: current ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h3">
          {plan.Name}
        </Typography>
        {current && <Chip size="small" color="primary" label="Current plan" />}
      </Box>
      <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
        {formatMoney(plan.PriceCents, { compact: true })}
        <Box component="span" sx={{ fontSize: 15, fontWeight: 500, color: 'text.secondary' }}>
          /{plan.Interval}
        </Box>
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{planLimit(plan)}</Typography>
      {plan.OverageCents > 0 && plan.UnitLimit != null && (
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          then {formatMoney(plan.OverageCents)} per extra unit
        </Typography>
      )}
      {plan.Description && (
        <Typography sx={{ fontSize: 14, color: 'text.secondary', flexGrow: 1 }}>{plan.Description}</Typography>
      )}
      {note && <Typography sx={{ fontSize: 13.5, color: 'warning.main' }}>{note}</Typography>}
      {canChange && (
        <Button
          variant={current ? 'outlined' : 'contained'}
          disabled={current || !!note}
          onClick={() => onChoose(plan)}
          sx={{ mt: 1, alignSelf: 'flex-start' }}
        >
          {current ? 'Your plan' : `Choose ${plan.Name}`}
        </Button>
      )}
    </Paper>
  );
}
