// The variables a pattern can use, as chips that insert one at the cursor, and the formats help.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import {
  PATTERN_TOOLTIPS,
  PATTERN_VARIABLE_HELP,
  PATTERN_VARIABLES,
  type PatternVariable,
  type TicketGroupByValue,
} from '@vigil/contract';

/** Features §5.2: {job} and {device} only for the groupings that have them. */
function disabledReason(name: PatternVariable, groupBy: TicketGroupByValue): string | null {
  if (name === 'job' && (groupBy === 1 || groupBy === 3)) return PATTERN_TOOLTIPS.job;
  if (name === 'device' && (groupBy === 1 || groupBy === 2)) return PATTERN_TOOLTIPS.device;
  return null;
}

export function PatternVariableChips({
  label,
  groupBy,
  onInsert: insert,
  helpOpen,
  onToggleHelp,
}: {
  label: string;
  groupBy: TicketGroupByValue;
  onInsert: (name: PatternVariable) => void;
  helpOpen: boolean;
  onToggleHelp: () => void;
}) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
      role="group"
      aria-label={`Insert a variable into ${label}`}
    >
      {PATTERN_VARIABLES.map((name) => {
        const reason = disabledReason(name, groupBy);
        const chip = (
          <Chip
            size="small"
            variant="outlined"
            label={`{${name}}`}
            disabled={!!reason}
            onClick={() => insert(name)}
            sx={{ fontFamily: 'monospace' }}
          />
        );
        return (
          <Tooltip key={name} title={reason ?? PATTERN_VARIABLE_HELP[name]}>
            <span>{chip}</span>
          </Tooltip>
        );
      })}
      <Link component="button" type="button" onClick={onToggleHelp} sx={{ fontSize: 13, ml: 0.5 }}>
        {helpOpen ? 'Hide help' : 'Formats help'}
      </Link>
    </Box>
  );
}
