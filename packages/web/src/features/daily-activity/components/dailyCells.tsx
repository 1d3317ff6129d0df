// Cells of the day's results: the e-mail subject (opening the result for those who may view it) and the failure text.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { DailyActivityRow } from '@vigil/contract';

export function DailySubjectCell({
  r,
  subject,
  canOpen,
  onOpen,
}: {
  r: DailyActivityRow;
  subject: string;
  canOpen: boolean;
  onOpen: (row: DailyActivityRow) => void;
}) {
  const text = subject || (r.Source === 'manual' ? 'Manual result' : '');
  if (!text) return '-';
  if (!canOpen) return text;
  return (
    <Link
      component="button"
      type="button"
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(r);
      }}
      title={text}
      sx={{
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        textAlign: 'left',
        font: 'inherit',
      }}
    >
      {text}
    </Link>
  );
}

export function DailyFailureCell({ text }: { text: string | null }) {
  if (!text) return '-';
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{text}</Box>} describeChild>
      <Box component="span" sx={{ color: 'error.main' }}>
        {text.replace(/\s+/g, ' ')}
      </Box>
    </Tooltip>
  );
}
