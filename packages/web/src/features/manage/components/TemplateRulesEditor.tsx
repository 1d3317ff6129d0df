import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RuleCondition, RuleField, RuleOperator, RuleSet } from '@vigil/contract';
import { VendorPicker } from '../../../components/VendorPicker';

const FIELDS: { value: RuleField; label: string }[] = [
  { value: 'DeviceName', label: 'Device name' },
  { value: 'JobName', label: 'Job name' },
  { value: 'Vendor', label: 'Vendor' },
  { value: 'BackupType', label: 'Backup type' },
  { value: 'BackupMethod', label: 'Backup method' },
  { value: 'SenderEmail', label: 'Sender e-mail' },
  { value: 'ClientId', label: 'Client ID' },
];
const OPERATORS: { value: RuleOperator; label: string }[] = [
  { value: 'Equals', label: 'equals' },
  { value: 'NotEquals', label: 'does not equal' },
  { value: 'Contains', label: 'contains' },
  { value: 'NotContains', label: 'does not contain' },
  { value: 'StartsWith', label: 'starts with' },
  { value: 'EndsWith', label: 'ends with' },
];

const blank = (): RuleCondition => ({ Field: 'DeviceName', Operator: 'Contains', Value: '' });

/** Whether every condition has a value (the server refuses empty ones). */
export function rulesComplete(rules: RuleSet): boolean {
  return rules.Groups.every((g) => g.Conditions.length > 0 && g.Conditions.every((c) => c.Value.trim()));
}

/**
 * Matching rules: groups of conditions. Every condition of a group must hold (and); a backup
 * matches when any group does (or). Shared by templates and backup plans.
 */
export function TemplateRulesEditor({
  value,
  onChange,
  disabled = false,
}: {
  value: RuleSet;
  onChange: (rules: RuleSet) => void;
  disabled?: boolean;
}) {
  const groups = value.Groups;
  const setGroup = (i: number, conditions: RuleCondition[]) =>
    onChange({
      Groups: conditions.length
        ? groups.map((g, j) => (j === i ? { Conditions: conditions } : g))
        : groups.filter((_, j) => j !== i),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {groups.length === 0 && (
        <Typography color="text.secondary">No rules yet: add a group of conditions to match backups.</Typography>
      )}
      {groups.map((g, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2, borderRadius: '12px' }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {i === 0 ? 'Match backups where' : 'Or where'}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {g.Conditions.map((c, k) => {
              const set = (patch: Partial<RuleCondition>) =>
                setGroup(
                  i,
                  g.Conditions.map((x, m) => (m === k ? { ...x, ...patch } : x)),
                );
              return (
                <Box key={k} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {k > 0 && <Typography sx={{ width: 32 }}>and</Typography>}
                  <TextField
                    select
                    size="small"
                    label="Field"
                    value={c.Field}
                    disabled={disabled}
                    onChange={(e) => {
                      const field = e.target.value as RuleField;
                      // A vendor is picked from the list: text typed for another field is not a vendor id.
                      set(field === 'Vendor' || c.Field === 'Vendor' ? { Field: field, Value: '' } : { Field: field });
                    }}
                    sx={{ minWidth: 160 }}
                  >
                    {FIELDS.map((f) => (
                      <MenuItem key={f.value} value={f.value}>
                        {f.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label="Operator"
                    value={c.Operator}
                    disabled={disabled}
                    onChange={(e) => set({ Operator: e.target.value as RuleOperator })}
                    sx={{ minWidth: 160 }}
                  >
                    {OPERATORS.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  {c.Field === 'Vendor' ? (
                    <VendorPicker
                      label="Value"
                      value={c.Value}
                      disabled={disabled}
                      error={!c.Value.trim() ? 'Value is a required field' : null}
                      onChange={(Value) => set({ Value })}
                      sx={{ flex: 1, minWidth: 220 }}
                    />
                  ) : (
                    <TextField
                      size="small"
                      label="Value"
                      value={c.Value}
                      disabled={disabled}
                      error={!c.Value.trim()}
                      helperText={!c.Value.trim() ? 'Value is a required field' : undefined}
                      onChange={(e) => set({ Value: e.target.value })}
                      sx={{ flex: 1, minWidth: 180 }}
                    />
                  )}
                  <Tooltip title="Remove condition">
                    <span>
                      <IconButton
                        aria-label="Remove condition"
                        disabled={disabled}
                        onClick={() =>
                          setGroup(
                            i,
                            g.Conditions.filter((_, m) => m !== k),
                          )
                        }
                      >
                        ×
                      </IconButton>
                    </span>
                  </Tooltip>
                </Box>
              );
            })}
            <Box>
              <Button size="small" disabled={disabled} onClick={() => setGroup(i, [...g.Conditions, blank()])}>
                Add condition
              </Button>
            </Box>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => onChange({ Groups: [...groups, { Conditions: [blank()] }] })}
        >
          Add group
        </Button>
      </Box>
    </Box>
  );
}
