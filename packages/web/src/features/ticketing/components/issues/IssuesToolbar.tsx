// Above the ticket issues grid: the state to show, a search, and how many tickets there are.
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DebouncedSearchField } from '../../../../components/SearchField';
import type { IssueState } from '../../api/issues';
import { plural } from '../labels';

/** The search box shrinks on phones so the tile sort control keeps its place. */
const SEARCH_SX = { flex: '1 1 160px', minWidth: 0, maxWidth: 340, '& .MuiFormControl-root': { width: '100%' } };
export const STATES: IssueState[] = ['Open', 'Closed', 'Failed', 'All'];

export function IssuesToolbar({
  state,
  search,
  total,
}: {
  state: IssueState;
  search: string;
  total: number | undefined;
}) {
  const [, setParams] = useSearchParams();
  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={state}
        aria-label="Ticket state"
        onChange={(_, v: IssueState | null) => v && setParam('state', v === 'Open' ? '' : v)}
      >
        {STATES.map((s) => (
          <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
            {s}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={SEARCH_SX}>
        <DebouncedSearchField
          id="issues-search"
          label="Search"
          value={search}
          onCommit={(v) => setParam('search', v)}
        />
      </Box>
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
        {total !== undefined ? plural(total, 'ticket') : ' '}
      </Typography>
    </Box>
  );
}
