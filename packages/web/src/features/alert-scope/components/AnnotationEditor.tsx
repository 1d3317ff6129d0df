import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { NerLabel } from '@vigil/contract';
import { useLabelColor } from '../../../components/alerts/AnnotatedText';
import { AssessmentKind, type LocalAnnotation } from '../../../lib/alerts';

export interface PendingSelection {
  source: number;
  start: number;
  end: number;
  text: string;
}

const ASSESSMENTS = [
  { value: AssessmentKind.Negative, label: 'Negative' },
  { value: AssessmentKind.Neutral, label: 'Neutral' },
  { value: AssessmentKind.Positive, label: 'Positive' },
];

/**
 * Corrects one e-mail's analysis: label the selected text, remove labels, set the assessment,
 * then save it as training data.
 */
export function AnnotationEditor({
  selection,
  labels,
  annotations,
  assessment,
  dirty,
  saving,
  onAdd,
  onRemove,
  onAssessment,
  onSave,
  onReset,
}: {
  selection: PendingSelection | null;
  labels: readonly NerLabel[];
  annotations: readonly LocalAnnotation[];
  assessment: number;
  dirty: boolean;
  saving: boolean;
  onAdd: (label: NerLabel) => void;
  onRemove: (a: LocalAnnotation) => void;
  onAssessment: (v: number) => void;
  onSave: () => void;
  onReset: () => void;
}) {
  const [label, setLabel] = useState<NerLabel | null>(null);
  const color = useLabelColor();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontSize: 13.5, color: 'text.secondary' }} aria-live="polite">
        {selection ? (
          <>
            Selected: <strong>{selection.text}</strong>
          </>
        ) : (
          'Select text in the subject or body to label it.'
        )}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Autocomplete
          id="annotation-label"
          size="small"
          options={labels as NerLabel[]}
          value={label}
          onChange={(_e, v) => setLabel(v)}
          getOptionLabel={(o) => o.label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Label" />}
          sx={{ flex: 1 }}
        />
        <Button variant="contained" disabled={!selection || !label} onClick={() => label && onAdd(label)}>
          Add label
        </Button>
      </Box>
      <Box
        component="ul"
        aria-label="Labels of this e-mail"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, maxHeight: 260, overflow: 'auto' }}
      >
        {annotations.map((a) => {
          const c = color(a.tag);
          return (
            <Box
              component="li"
              key={a.id}
              sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', alignItems: 'center', gap: 1 }}
            >
              <Box
                component="span"
                sx={{
                  fontSize: 12,
                  fontWeight: 650,
                  px: 0.75,
                  borderRadius: '6px',
                  bgcolor: c.bg,
                  border: `1px solid ${c.border}`,
                }}
              >
                {a.tag}
              </Box>
              <Typography noWrap sx={{ fontSize: 13 }} title={a.text}>
                {a.text}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {a.source === 0 ? ' · subject' : ''}
                </Box>
              </Typography>
              <Tooltip title="Remove label">
                <IconButton size="small" aria-label={`Remove ${a.tag} ${a.text}`} onClick={() => onRemove(a)}>
                  <CloseRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
      </Box>
      <TextField
        id="annotation-assessment"
        select
        size="small"
        label="Assessment"
        value={String(assessment)}
        onChange={(e) => onAssessment(Number(e.target.value))}
      >
        {ASSESSMENTS.map((a) => (
          <MenuItem key={a.value} value={String(a.value)}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button disabled={!dirty || saving} onClick={onReset}>
          Reset
        </Button>
        <Button variant="contained" disabled={!dirty || saving} onClick={onSave}>
          Save corrections
        </Button>
      </Box>
    </Box>
  );
}
