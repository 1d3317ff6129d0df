import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRegion } from '../../../lib/region';

const NAMES: Record<string, string> = {
  us: 'United States',
  eu: 'Europe',
  uk: 'United Kingdom',
  ca: 'Canada',
  au: 'Australia',
};
const label = (code: string) => `${NAMES[code] ?? code.toUpperCase()} (${code.toUpperCase()})`;

/**
 * Where the new account's data lives, when Vigil runs in more than one region. Choosing another
 * region continues the sign-up on that region's address, with the same link parameters.
 */
export function RegionPicker() {
  const region = useRegion();
  const data = region.data;
  if (!data || data.Regions.length < 2) return null;
  return (
    <TextField
      select
      id="signup-region"
      label="Data region"
      value={data.Region}
      helperText="Your clients' backup data is stored and processed in this region."
      onChange={(e) => {
        const target = data.Regions.find((r) => r.Name === e.target.value);
        if (!target) return;
        const url = new URL(window.location.pathname + window.location.search, target.Url);
        window.location.assign(url.toString());
      }}
    >
      {data.Regions.map((r) => (
        <MenuItem key={r.Name} value={r.Name}>
          {label(r.Name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
