import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_SUBJECTS,
  PROFILE_MESSAGES,
  TICKET_GROUP_LABELS,
  parsePattern,
  type SubjectTemplate,
  type TicketGroupByValue,
} from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { usePermissions } from '../../../lib/permissions';
import { useCustomSubjects, useDefaultSubjects, useSaveSubject } from '../api/subjects';
import { PatternEditor } from '../components/PatternEditor';

const GROUPS: TicketGroupByValue[] = [0, 1, 2, 3];

function SubjectCard({
  groupBy,
  saved,
  fallback,
  canEdit,
}: {
  groupBy: TicketGroupByValue;
  saved: string;
  fallback: string;
  canEdit: boolean;
}) {
  const snackbar = useSnackbar();
  const save = useSaveSubject();
  const [pattern, setPattern] = useState(saved);
  const [serverError, setServerError] = useState<string | undefined>();
  const dirty = pattern !== saved;
  const invalid = !pattern.trim() || parsePattern(pattern, groupBy).errors.length > 0;

  const submit = async (value: string) => {
    setServerError(undefined);
    try {
      await save.mutateAsync({ Pattern: value, GroupBy: groupBy });
      setPattern(value);
      snackbar.success(PROFILE_MESSAGES.subjectUpdated);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.message);
      else snackbar.error(err);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={`subject-${groupBy}-title`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography id={`subject-${groupBy}-title`} variant="h6" component="h2">
            Grouped by {TICKET_GROUP_LABELS[groupBy]}
          </Typography>
          {saved === fallback && (
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>Default template</Typography>
          )}
        </Box>
        <PatternEditor
          id={`subject-${groupBy}`}
          label="Subject"
          required
          value={pattern}
          onChange={(v) => {
            setPattern(v);
            setServerError(undefined);
          }}
          groupBy={groupBy}
          error={serverError ?? (pattern.trim() ? undefined : 'Subject is required')}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            disabled={!canEdit || save.isPending || pattern === fallback}
            onClick={() => {
              setPattern(fallback);
              setServerError(undefined);
            }}
          >
            Reset to default
          </Button>
          <Button
            disabled={!dirty || !pattern.trim()}
            onClick={() => {
              setPattern(saved);
              setServerError(undefined);
            }}
          >
            Undo
          </Button>
          <Button
            variant="contained"
            disabled={!canEdit || !dirty || invalid}
            loading={save.isPending}
            onClick={() => void submit(pattern)}
          >
            Save
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

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
