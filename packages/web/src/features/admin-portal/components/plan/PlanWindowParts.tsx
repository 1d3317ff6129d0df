// The manage-plan window's usage section, and what it shows when it no longer knows its tenant.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminPlan } from '@vigil/contract';
import { UsageMeter } from '../../../../components/billing/UsageMeter';
import { Section } from './planParts';

export function PlanUsageSection({ data }: { data: AdminPlan }) {
  const units = data.Usage.find((u) => u.Key === 'ActiveBackups');
  return (
    <Section label="Usage">{units ? <UsageMeter line={units} /> : <Typography>No usage recorded.</Typography>}</Section>
  );
}

export function PlanWindowLost() {
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Alert severity="warning">
        This window no longer knows which tenant it was opened for. Close it and choose Manage plan on the tenant again.
      </Alert>
    </Box>
  );
}
