import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import type { InsightOverview } from '@vigil/contract';
import { insightListPath } from '../../../lib/insightText';
import { InsightCount } from './InsightCount';

type TypeCount = InsightOverview['Types'][number];

/** One insight type on the overview: its count, what it means, and the way to its list. */
export function InsightCard({ item, canOpen }: { item: TypeCount; canOpen: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = `insight-help-${item.Type}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`insight-title-${item.Type}`}
      sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography
          id={`insight-title-${item.Type}`}
          component="h2"
          sx={{ fontWeight: 600, fontSize: 16, flex: 1, minWidth: 0 }}
        >
          {item.Title}
        </Typography>
        <Tooltip title={helpOpen ? 'Hide what this means' : 'What does this mean?'}>
          <IconButton
            size="small"
            aria-label={`What ${item.Title} means`}
            aria-expanded={helpOpen}
            aria-controls={helpId}
            onClick={() => setHelpOpen((v) => !v)}
          >
            <HelpOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <InsightCount item={item} />
      <Collapse in={helpOpen} id={helpId}>
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{item.Help}</Typography>
      </Collapse>
      <Box sx={{ mt: 'auto', pt: 0.5 }}>
        <Button
          component={RouterLink}
          to={insightListPath(item.Type)}
          variant={item.Count ? 'contained' : 'outlined'}
          size="small"
          disabled={!canOpen}
          aria-label={`View ${item.Title}`}
        >
          View
        </Button>
      </Box>
    </Paper>
  );
}
