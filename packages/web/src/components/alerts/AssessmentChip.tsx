import Chip from '@mui/material/Chip';
import { assessmentName, assessmentTone, confidencePercent } from '../../lib/alerts';

/**
 * An assessment with its confidence (features §4.2): positive in the success colour, negative in
 * the failure colour, neutral (and none) with a border only; confidence as a whole percent
 * rounded down.
 */
export function AssessmentChip({
  assessment,
  confidence,
  size = 'small',
}: {
  assessment: number;
  confidence?: number | null;
  size?: 'small' | 'medium';
}) {
  const tone = assessmentTone(assessment);
  const name = assessmentName(assessment);
  const label = assessment && confidence != null ? `${name} · ${confidencePercent(confidence)}%` : name;
  return (
    <Chip
      size={size}
      label={label}
      color={tone ?? 'default'}
      variant={tone ? 'filled' : 'outlined'}
      data-assessment={name}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
