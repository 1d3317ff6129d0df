// Whether tickets include the company name and the failure text.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ChannelProps as Props } from './channelProps';

export function IncludeSwitches({ values: v, onChange, company }: Props & { company: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
      {company && (
        <FormControlLabel
          control={
            <Switch
              checked={v.IncludeCompanyName}
              onChange={(e) => onChange({ IncludeCompanyName: e.target.checked })}
            />
          }
          label="Include company name"
        />
      )}
      <FormControlLabel
        control={
          <Switch checked={v.IncludeFailureText} onChange={(e) => onChange({ IncludeFailureText: e.target.checked })} />
        }
        label="Include failure text"
      />
    </Box>
  );
}
