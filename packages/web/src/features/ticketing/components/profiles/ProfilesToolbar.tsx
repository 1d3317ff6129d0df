// Above the ticket profiles grid: a search and how many profiles there are.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SearchField } from '../../../../components/SearchField';
import { plural } from '../labels';

export function ProfilesToolbar({
  search,
  setSearch,
  total,
}: {
  search: string;
  setSearch: (v: string) => void;
  total: number | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
      <Box sx={{ flex: '1 1 160px', minWidth: 0, maxWidth: 340, '& .MuiFormControl-root': { width: '100%' } }}>
        <SearchField id="profiles-search" label="Search" value={search} onChange={setSearch} />
      </Box>
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
        {total !== undefined ? plural(total, 'profile') : ' '}
      </Typography>
    </Box>
  );
}
