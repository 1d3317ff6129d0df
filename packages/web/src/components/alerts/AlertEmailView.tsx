import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AlertEmail } from '@vigil/contract';
import { AnnotationSourceKind, type LocalAnnotation } from '../../lib/alerts';
import { AnnotatedText, useLabelColor } from './AnnotatedText';
import { AssessmentChip } from './AssessmentChip';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ fontSize: 13, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ fontSize: 13.5, m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The labels used in the e-mail, each in its highlight colour, with how often it occurs. */
function LabelLegend({ annotations }: { annotations: readonly LocalAnnotation[] }) {
  const color = useLabelColor();
  const counts = new Map<string, number>();
  for (const a of annotations) counts.set(a.tag, (counts.get(a.tag) ?? 0) + 1);
  if (!counts.size) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label="Labels found">
      {[...counts].map(([tag, n]) => {
        const c = color(tag);
        return (
          <Chip
            key={tag}
            size="small"
            label={n > 1 ? `${tag} ×${n}` : tag}
            sx={{ bgcolor: c.bg, border: `1px solid ${c.border}`, fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}

/**
 * One alert e-mail as read by Vigil: the subject and body with their annotations highlighted
 * (features §3.2), who sent it and when, the assessment and the alert type. `actions` is the
 * row under the heading (analyse, feedback, edit tools); with `onSelect` text can be selected
 * to annotate it, with `onPick` a highlight can be clicked.
 */
export function AlertEmailView({
  email,
  annotations,
  receivedText,
  actions,
  tenantName,
  onSelect,
  onPick,
}: {
  email: Pick<
    AlertEmail,
    | 'Subject'
    | 'Body'
    | 'EmailFrom'
    | 'EmailTo'
    | 'Assessment'
    | 'AssessmentConfidence'
    | 'Classification'
    | 'CompanyName'
    | 'ParserVersion'
  >;
  annotations: readonly LocalAnnotation[];
  receivedText: string;
  actions?: ReactNode;
  tenantName?: string;
  onSelect?: (source: number, range: { start: number; end: number } | null) => void;
  onPick?: (a: LocalAnnotation) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <AssessmentChip assessment={email.Assessment} confidence={email.AssessmentConfidence} size="medium" />
        {email.Classification && (
          <Chip variant="outlined" label={`${email.Classification.Type}: ${email.Classification.Label}`} />
        )}
        {email.ParserVersion && (
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Model {email.ParserVersion}</Typography>
        )}
      </Box>
      <Box component="h1" sx={{ m: 0, mb: 1.5 }}>
        <AnnotatedText
          text={email.Subject || '(no subject)'}
          annotations={email.Subject ? annotations : []}
          source={AnnotationSourceKind.Subject}
          label="Subject"
          onSelect={onSelect && ((r) => onSelect(AnnotationSourceKind.Subject, r))}
          onPick={onPick}
        />
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}
      >
        {tenantName && <Meta label="Tenant">{tenantName}</Meta>}
        <Meta label="From">{email.EmailFrom}</Meta>
        <Meta label="To">{email.EmailTo}</Meta>
        <Meta label="Received">{receivedText}</Meta>
        {email.CompanyName && <Meta label="Company">{email.CompanyName}</Meta>}
      </Box>
      {actions && <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>{actions}</Box>}
      <LabelLegend annotations={annotations} />
      <Divider sx={{ my: 2 }} />
      <AnnotatedText
        text={email.Body}
        annotations={annotations}
        source={AnnotationSourceKind.Body}
        label="E-mail body"
        multiline
        onSelect={onSelect && ((r) => onSelect(AnnotationSourceKind.Body, r))}
        onPick={onPick}
      />
    </Paper>
  );
}
