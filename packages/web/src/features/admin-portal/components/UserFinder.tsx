import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserSearchHit } from '@vigil/contract';
import { useUserSearch } from '../api/tenantAccounts';

/** Finds any user by e-mail or name and tells which tenant it belongs to (debounced 500 ms). */
export function UserFinder({ onPick }: { onPick: (hit: UserSearchHit) => void }) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(input), 500);
    return () => clearTimeout(t);
  }, [input]);
  const hits = useUserSearch(query);
  return (
    <Autocomplete<UserSearchHit, false, false, false>
      size="small"
      sx={{ width: { xs: '100%', sm: 320 } }}
      options={query.trim().length >= 2 ? (hits.data ?? []) : []}
      loading={hits.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(h) => h.Email}
      isOptionEqualToValue={(a, b) => a.Id === b.Id}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      value={null}
      onChange={(_, hit) => {
        if (hit) onPick(hit);
      }}
      noOptionsText={query.trim().length < 2 ? 'Type at least 2 characters' : 'No user found'}
      renderOption={({ key, ...props }, h) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{h.Email}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>
            {[h.Name, h.TenantName ?? `Administrator${h.Roles.length ? ` (${h.Roles.join(', ')})` : ''}`, h.LevelName]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label="Find a user" placeholder="E-mail or name" />}
    />
  );
}
