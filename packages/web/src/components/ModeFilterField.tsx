import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { modeFilterErrors, type FilterMode, type ModeFilter } from '@vigil/contract';

export interface ModeFilterOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A filter with "All" / "Specific" mode and Include / Exclude checks per item (features §5.4).
 * Its messages come from the contract's one check, the same the server applies.
 */
export function ModeFilterField<V extends string | number>({
  id,
  label,
  entity,
  options,
  value,
  onChange,
  showErrors = true,
}: {
  id: string;
  label: string;
  /** One item's name in the "Please select at least one …" message. */
  entity: string;
  options: readonly ModeFilterOption<V>[];
  value: ModeFilter<V>;
  onChange: (value: ModeFilter<V>) => void;
  showErrors?: boolean;
}) {
  const errors = showErrors ? modeFilterErrors(value, entity) : [];
  const toggle = (list: 'Include' | 'Exclude', v: V, on: boolean) => {
    const current = value[list].filter((x) => x !== v);
    onChange({ ...value, [list]: on ? [...current, v] : current });
  };
  const specific = value.Mode === 'specific';
  return (
    <FormControl component="fieldset" error={errors.length > 0} sx={{ width: '100%', maxWidth: 520 }}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={`${id}-label`}
        value={value.Mode}
        onChange={(_e, mode) =>
          onChange({ ...value, Mode: mode as FilterMode, Include: mode === 'all' ? [] : value.Include })
        }
      >
        <FormControlLabel value="all" control={<Radio size="small" />} label="All" />
        <FormControlLabel value="specific" control={<Radio size="small" />} label="Specific" />
      </RadioGroup>
      <Box
        role="table"
        aria-label={label}
        sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', maxHeight: 300, overflow: 'auto', mt: 0.5 }}
      >
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 84px 84px',
            alignItems: 'center',
            px: 1.5,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        >
          {['Item', 'Include', 'Exclude'].map((h) => (
            <Typography key={h} role="columnheader" sx={{ fontSize: 12.5, fontWeight: 600, color: 'text.secondary' }}>
              {h}
            </Typography>
          ))}
        </Box>
        {options.map((o) => (
          <Box
            key={String(o.value)}
            role="row"
            sx={{ display: 'grid', gridTemplateColumns: '1fr 84px 84px', alignItems: 'center', px: 1.5 }}
          >
            <Typography role="cell" sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
              {o.label}
            </Typography>
            <Box role="cell">
              <Checkbox
                size="small"
                disabled={!specific}
                checked={specific && value.Include.includes(o.value)}
                onChange={(e) => toggle('Include', o.value, e.target.checked)}
                slotProps={{ input: { 'aria-label': `Include ${o.label}` } }}
              />
            </Box>
            <Box role="cell">
              <Checkbox
                size="small"
                checked={value.Exclude.includes(o.value)}
                onChange={(e) => toggle('Exclude', o.value, e.target.checked)}
                slotProps={{ input: { 'aria-label': `Exclude ${o.label}` } }}
              />
            </Box>
          </Box>
        ))}
      </Box>
      {errors.map((e) => (
        <FormHelperText key={e.Field} role="alert">
          {e.Message}
        </FormHelperText>
      ))}
    </FormControl>
  );
}
