import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRoundedIcon from '@mui/icons-material/RadioButtonUncheckedRounded';
import type { SignupPlan } from '@vigil/contract';

export function planPrice(p: SignupPlan): string {
  if (p.PriceCents === 0) return 'Free';
  const amount = (p.PriceCents / 100).toLocaleString('en-US', { minimumFractionDigits: p.PriceCents % 100 ? 2 : 0 });
  return `$${amount} / ${p.Interval}`;
}

export function planUnits(p: SignupPlan): string {
  return p.UnitLimit === null ? 'Unlimited active units' : `${p.UnitLimit.toLocaleString('en-US')} active units`;
}

/** The plans offered at sign-up as a radio group of cards. */
export function PlanPicker({
  plans,
  value,
  onChange,
  error,
}: {
  plans: SignupPlan[] | undefined;
  value: string;
  onChange: (handle: string) => void;
  error?: string;
}) {
  if (!plans) return <Skeleton variant="rounded" height={132} />;
  return (
    <Box>
      <Typography id="plan-label" sx={{ fontWeight: 600, fontSize: 14, mb: 1 }}>
        Plan
      </Typography>
      <Box role="radiogroup" aria-labelledby="plan-label" sx={{ display: 'grid', gap: 1 }}>
        {plans.map((p) => {
          const checked = p.Handle === value;
          return (
            <ButtonBase
              key={p.Handle}
              role="radio"
              aria-checked={checked}
              aria-label={p.Name}
              onClick={() => onChange(p.Handle)}
              sx={(t) => ({
                justifyContent: 'flex-start',
                textAlign: 'left',
                gap: 1.5,
                px: 1.75,
                py: 1.25,
                borderRadius: '12px',
                border: 1,
                borderColor: checked ? 'primary.main' : error ? 'error.main' : 'divider',
                bgcolor: checked
                  ? alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.16 : 0.06)
                  : 'transparent',
                '&:focus-visible': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              {checked ? (
                <CheckCircleRoundedIcon color="primary" fontSize="small" />
              ) : (
                <RadioButtonUncheckedRoundedIcon sx={{ color: 'text.disabled' }} fontSize="small" />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{p.Name}</Typography>
                <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
                  {planUnits(p)}
                  {p.TrialDays > 0 ? ` · ${p.TrialDays}-day free trial` : ''}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontSize: 14 }}>{planPrice(p)}</Typography>
            </ButtonBase>
          );
        })}
      </Box>
      {error && (
        <Typography role="alert" sx={{ color: 'error.main', fontSize: 12, mt: 0.75, mx: 1.75 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
