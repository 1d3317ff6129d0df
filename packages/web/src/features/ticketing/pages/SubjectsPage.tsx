import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { DEFAULT_SUBJECTS, type SubjectTemplate, type TicketGroupByValue } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePermissions } from '../../../lib/permissions';
import { useCustomSubjects, useDefaultSubjects } from '../api/subjects';
import { SubjectCard } from '../components/subjects/SubjectCard';

const GROUPS: TicketGroupByValue[] = [0, 1, 2, 3];

/** `/app/ticketing/subjects`: the tenant's subject per grouping, used by profiles without their own. */
export default function SubjectsPage() {
  const custom = useCustomSubjects();
  const defaults = useDefaultSubjects();
  const canEdit = usePermissions(['ticket.editautomaticticketingprofiles']);
  const find = (list: SubjectTemplate[] | undefined, g: TicketGroupByValue) =>
    list?.find((s) => s.GroupBy === g)?.Pattern;

  return (
    <>
      <PageHeader
        eyebrow="Tickets"
        title="Global Ticket Subjects"
        subtitle="The subject of every ticket whose profile has no subject of its own, per grouping."
      />
      {custom.isError && <QueryError error={custom.error} onRetry={() => void custom.refetch()} />}
      {custom.isPending ? (
        <CircularProgress aria-label="Loading subjects" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          {GROUPS.map((g) => {
            const fallback = find(defaults.data, g) ?? DEFAULT_SUBJECTS[g];
            const saved = find(custom.data, g) ?? fallback;
            return (
              <SubjectCard key={`${g}-${saved}`} groupBy={g} saved={saved} fallback={fallback} canEdit={canEdit} />
            );
          })}
        </Box>
      )}
    </>
  );
}
