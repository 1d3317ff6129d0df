import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DebouncedSearchField } from '../../../components/SearchField';
import { AssessmentKind } from '../../../lib/alerts';
import { isIsoDay, type IsoDay } from '../../../lib/days';
import { changedFilters, defaultAlertFilters, type AlertFilters } from '../filters';
import { LabelFilter } from './LabelFilter';

const ASSESSMENTS = [
  { value: AssessmentKind.Negative, label: 'Negative' },
  { value: AssessmentKind.Neutral, label: 'Neutral' },
  { value: AssessmentKind.Positive, label: 'Positive' },
];

/** Subject, summary, received from/to (tenant days), assessment and labels (features §3.2). */
export function AlertFilterBar({
  value,
  onChange,
  today,
}: {
  value: AlertFilters;
  onChange: (f: AlertFilters) => void;
  today: IsoDay;
}) {
  const set = (patch: Partial<AlertFilters>) => onChange({ ...value, ...patch });
  const day = (v: string, key: 'from' | 'to') => {
    if (isIsoDay(v) && v <= today) set({ [key]: v });
  };
  return (
    <Box
      role="search"
      aria-label="Filter alert e-mails"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          lg: 'minmax(0, 1fr) minmax(0, 1fr) 170px 170px 150px',
          xl: 'minmax(0, 1fr) minmax(0, 1fr) 170px 170px 150px minmax(240px, 1.4fr) auto',
        },
        '& > .alert-labels': { gridColumn: { xs: 'span 2', sm: 'auto', lg: 'span 4', xl: 'auto' } },
        '& > .alert-search': { gridColumn: { xs: 'span 2', sm: 'auto' } },
        alignItems: 'center',
        mb: 2,
        '& .MuiTextField-root': { maxWidth: 'none' },
        '& > div > .MuiTextField-root': { width: '100%' },
      }}
    >
      <div className="alert-search">
        <DebouncedSearchField
          id="alert-subject"
          label="Subject"
          value={value.subject}
          onCommit={(subject) => set({ subject })}
        />
      </div>
      <div className="alert-search">
        <DebouncedSearchField
          id="alert-summary"
          label="Summary"
          value={value.summary}
          onCommit={(summary) => set({ summary })}
        />
      </div>
      <TextField
        id="alert-from"
        label="Received from"
        type="date"
        size="small"
        value={value.from}
        onChange={(e) => day(e.target.value, 'from')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to } }}
      />
      <TextField
        id="alert-to"
        label="Received to"
        type="date"
        size="small"
        value={value.to}
        onChange={(e) => day(e.target.value, 'to')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from, max: today } }}
      />
      <TextField
        id="alert-assessment"
        select
        size="small"
        label="Assessment"
        value={value.assessment === '' ? '' : String(value.assessment)}
        onChange={(e) => set({ assessment: e.target.value === '' ? '' : Number(e.target.value) })}
      >
        <MenuItem value="">Any</MenuItem>
        {ASSESSMENTS.map((a) => (
          <MenuItem key={a.value} value={String(a.value)}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      <div className="alert-labels">
        <LabelFilter value={value.labels} onChange={(labels) => set({ labels })} />
      </div>
      <Button
        onClick={() => onChange(defaultAlertFilters(today))}
        disabled={changedFilters(value, today) === 0}
        sx={{ justifySelf: 'start' }}
      >
        Clear
      </Button>
    </Box>
  );
}
