// A checkbox list of PSA company types or statuses to sync.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CrmFilterOption } from '@vigil/contract';

export function PsaOptionList({
  title,
  options,
  selected,
  disabled,
  onToggle,
  showActive,
}: {
  title: string;
  options: CrmFilterOption[];
  selected: string[];
  disabled: boolean;
  onToggle: (id: string) => void;
  showActive?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: '14px' }} component="fieldset">
      <Typography component="legend" sx={{ fontWeight: 650, px: 0.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 13, mb: 1 }}>
        {selected.length ? `${selected.length} of ${options.length} chosen` : 'None chosen: every one syncs'}
      </Typography>
      {options.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>No Items</Typography>
      ) : (
        <Box sx={{ maxHeight: 280, overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
          {options.map((o) => (
            <FormControlLabel
              key={o.Id}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(o.Id)}
                  onChange={() => onToggle(o.Id)}
                  disabled={disabled}
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  {o.Name}
                  {showActive && o.IsActive !== undefined && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={o.IsActive ? 'success' : 'default'}
                      label={o.IsActive ? 'Active' : 'Inactive'}
                      sx={{ height: 20, fontSize: 11.5 }}
                    />
                  )}
                </Box>
              }
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
