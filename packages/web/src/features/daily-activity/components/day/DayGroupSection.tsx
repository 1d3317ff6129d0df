// The day of one backup in the day drawer: status, result counts, schedule, vendor, company and audit marks.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DayStatusChip } from '../../../../components/results/StatusChip';
import { MARK_LABELS } from '../../../../lib/auditWindows';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import type { useGroupDetails } from '../../api/dailyActivity';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13, py: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
        {empty ? '-' : children}
      </Typography>
    </>
  );
}

export function DayGroupSection({ g }: { g: ReturnType<typeof useGroupDetails>['data'] }) {
  const f = useTenantFormats();
  return (
    <Box component="section" aria-labelledby="day-drawer-group">
      <Typography id="day-drawer-group" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        The day
      </Typography>
      {!g ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2 }}
        >
          <Field label="Status">
            <DayStatusChip status={g.DayStatus} />
          </Field>
          <Field label="Results">
            {g.CountSuccess + g.CountWarning + g.CountFailure === 0
              ? 'None'
              : [
                  g.CountSuccess && `${g.CountSuccess} Success`,
                  g.CountWarning && `${g.CountWarning} Warning`,
                  g.CountFailure && `${g.CountFailure} Failure`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </Field>
          <Field label="Schedule">{g.ScheduleName}</Field>
          <Field label="Scheduled">{g.IsScheduled ? 'Yes, due on this day' : 'No'}</Field>
          <Field label="Vendor">{g.VendorName}</Field>
          <Field label="Company">{g.CompanyName}</Field>
          <Field label="Audit">
            {g.Actions.length
              ? g.Actions.map((a) => (
                  <Box key={a.Id} component="span" sx={{ display: 'block' }}>
                    {MARK_LABELS[a.Kind].done} by {a.UserName ?? 'a former user'}, {f.dateTime(a.CreatedAt)}
                    {a.Notes ? ` — ${a.Notes}` : ''}
                  </Box>
                ))
              : ''}
          </Field>
        </Box>
      )}
    </Box>
  );
}
