// The plans the tenant can move to; only tenant administrators can choose one.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Plan, PlanInfo } from '@vigil/contract';
import { PlanCard } from '../../../components/billing/PlanCard';

export function PlanChoices({
  data,
  canChange,
  onChoose: setChoosing,
}: {
  data: Plan;
  canChange: boolean;
  onChoose: (p: PlanInfo) => void;
}) {
  const units = data.Usage.find((u) => u.Key === 'ActiveBackups');
  return (
    <Box component="section" aria-labelledby="plans-heading" sx={{ mt: 3 }}>
      <Typography id="plans-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {canChange ? 'Change plan' : 'Plans'}
      </Typography>
      {!canChange && (
        <Typography sx={{ mb: 1.5, color: 'text.secondary', fontSize: 14 }}>
          Only tenant administrators can change the plan.
        </Typography>
      )}
      {data.AvailablePlans.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No plans are on offer at the moment.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {data.AvailablePlans.map((p) => (
            <PlanCard
              key={p.Id}
              plan={p}
              current={p.Id === data.CurrentPlan?.Id}
              units={units?.Count ?? 0}
              canChange={canChange}
              onChoose={setChoosing}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
