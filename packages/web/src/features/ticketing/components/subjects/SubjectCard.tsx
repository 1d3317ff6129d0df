// The global subject of one grouping: the pattern editor, Reset to default, Undo and Save.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { TICKET_GROUP_LABELS, type TicketGroupByValue } from '@vigil/contract';
import { PatternEditor } from '../PatternEditor';
import { useSubjectEdit } from './useSubjectEdit';

export function SubjectCard({
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
  const { pattern, change, serverError, dirty, invalid, submit, saving } = useSubjectEdit(groupBy, saved);

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
          onChange={change}
          groupBy={groupBy}
          error={serverError ?? (pattern.trim() ? undefined : 'Subject is required')}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button disabled={!canEdit || saving || pattern === fallback} onClick={() => change(fallback)}>
            Reset to default
          </Button>
          <Button disabled={!dirty || !pattern.trim()} onClick={() => change(saved)}>
            Undo
          </Button>
          <Button
            variant="contained"
            disabled={!canEdit || !dirty || invalid}
            loading={saving}
            onClick={() => void submit(pattern)}
          >
            Save
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
