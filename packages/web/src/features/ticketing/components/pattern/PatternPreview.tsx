// The preview of a pattern with example values, or why there is none yet.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function PatternPreview({
  id,
  value,
  text,
  hasErrors,
  emptyPreview,
}: {
  id: string;
  value: string;
  /** The example text; empty while it loads or when the pattern has errors. */
  text: string;
  hasErrors: boolean;
  emptyPreview: string;
}) {
  return (
    <Box
      id={`${id}-preview`}
      aria-live="polite"
      sx={{ p: 1.25, borderRadius: 1, bgcolor: 'action.hover', minHeight: 40 }}
      data-testid={`${id}-preview`}
    >
      <Typography sx={{ fontSize: 12, color: 'text.secondary', mb: 0.25 }}>Preview</Typography>
      <Typography
        sx={{
          fontSize: 14,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          color: text ? 'text.primary' : 'text.secondary',
          fontStyle: text ? 'normal' : 'italic',
        }}
      >
        {value.trim() ? text || (hasErrors ? 'Fix the errors to see a preview' : '…') : emptyPreview}
      </Typography>
    </Box>
  );
}
