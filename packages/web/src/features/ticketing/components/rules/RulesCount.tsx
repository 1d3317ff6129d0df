// How many ticket rules there are and how many are enabled, above the rules grid.
import Typography from '@mui/material/Typography';
import type { TicketRule } from '@vigil/contract';
import { plural } from '../labels';

/** `rows` is undefined while the rules load. */
export function RulesCount({ rows }: { rows: TicketRule[] | undefined }) {
  return (
    <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
      {rows ? `${plural(rows.length, 'rule')}, ${rows.filter((r) => r.IsEnabled).length} enabled` : ' '}
    </Typography>
  );
}
