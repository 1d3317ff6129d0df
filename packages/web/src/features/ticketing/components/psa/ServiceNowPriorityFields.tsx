// ServiceNow's urgency and impact, and the priority ServiceNow derives from them.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePsaLookup } from '../../api/lookups';
import { LookupSelect } from '../LookupSelect';
import type { PsaPartProps } from './psaKinds';

export function ServiceNowPriorityFields({ crmId, v, set }: Pick<PsaPartProps, 'crmId' | 'v' | 'set'>) {
  const urgencies = usePsaLookup(crmId, 'urgencies', { enabled: true });
  const impacts = usePsaLookup(crmId, 'impacts', { enabled: true });
  const snPriorities = usePsaLookup(crmId, 'priorities', { enabled: true });
  // ServiceNow derives the priority from urgency and impact.
  const derived =
    v.Urgency && v.Impact
      ? snPriorities.data?.find((p) => p.Urgency === v.Urgency && p.Impact === v.Impact)?.Name
      : undefined;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <LookupSelect
          id="profile-urgency"
          label="Urgency"
          lookup={urgencies}
          value={v.Urgency}
          onChange={set('Urgency')}
        />
        <LookupSelect id="profile-impact" label="Impact" lookup={impacts} value={v.Impact} onChange={set('Impact')} />
      </Box>
      {derived && <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: -1 }}>Priority: {derived}</Typography>}
    </>
  );
}
