import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { BackupSettings, ScheduleRule } from '@vigil/contract';
import { useCompanyChoices, useScheduleOptions } from '../../../lib/backupsApi';
import { useTagValues } from '../../../lib/tagsApi';

const CALCULATIONS: { value: NonNullable<BackupSettings['StatusCalculation']>; label: string }[] = [
  { value: 'WarningIfMixed', label: 'Warning if mixed' },
  { value: 'Last', label: 'Last result' },
  { value: 'Worst', label: 'Worst result' },
  { value: 'Best', label: 'Best result' },
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const NO_SCHEDULE = 'none';
const NO_COMPANY = -1;

/** A schedule choice: a named schedule ("n:12"), a built-in rule ("r:<json>"), or none. */
function scheduleKey(id: number | null | undefined, rule: ScheduleRule | null | undefined): string {
  if (id) return `n:${id}`;
  if (rule) return `r:${JSON.stringify(rule)}`;
  return NO_SCHEDULE;
}

/**
 * The backup settings a template or a backup plan gives its backups: schedule (GET
 * api/schedule/options), start of business 0–23, status calculation, treat warning as
 * success, failure threshold, type, company, tags and notes.
 */
export function TemplateSettingsForm({
  value,
  onChange,
  disabled = false,
  showCompany = true,
}: {
  value: BackupSettings;
  onChange: (next: BackupSettings) => void;
  disabled?: boolean;
  showCompany?: boolean;
}) {
  const schedules = useScheduleOptions();
  const tagChoices = useTagValues();
  const companies = useCompanyChoices();
  const set = (patch: Partial<BackupSettings>) => onChange({ ...value, ...patch });

  const choices = useMemo(() => {
    const list = (schedules.data ?? []).map((o) => ({
      key: scheduleKey(o.ScheduleId, o.ScheduleId ? null : o.Rule),
      label: o.Name,
      id: o.ScheduleId,
      rule: o.ScheduleId ? null : o.Rule,
    }));
    const current = scheduleKey(value.ScheduleId, value.Schedule);
    if (current !== NO_SCHEDULE && !list.some((c) => c.key === current)) {
      list.unshift({
        key: current,
        label: 'Custom schedule',
        id: value.ScheduleId ?? null,
        rule: value.Schedule ?? null,
      });
    }
    return list;
  }, [schedules.data, value.ScheduleId, value.Schedule]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        select
        label="Schedule"
        value={scheduleKey(value.ScheduleId, value.Schedule)}
        disabled={disabled}
        onChange={(e) => {
          const c = choices.find((x) => x.key === e.target.value);
          set(c ? { ScheduleId: c.id, Schedule: c.rule } : { ScheduleId: null, Schedule: null });
        }}
      >
        <MenuItem value={NO_SCHEDULE}>No schedule</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c.key} value={c.key}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Start of business day"
        value={value.DayStartHour ?? 0}
        disabled={disabled}
        onChange={(e) => set({ DayStartHour: Number(e.target.value) })}
      >
        {HOURS.map((h) => (
          <MenuItem key={h} value={h}>
            {hourLabel(h)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status calculation"
        value={value.StatusCalculation ?? 'WarningIfMixed'}
        disabled={disabled}
        onChange={(e) => set({ StatusCalculation: e.target.value as BackupSettings['StatusCalculation'] })}
      >
        {CALCULATIONS.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="number"
        label="Failure threshold"
        value={value.FailureThreshold ?? 1}
        disabled={disabled}
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
        onChange={(e) => set({ FailureThreshold: Math.min(100, Math.max(1, Number(e.target.value) || 1)) })}
      />
      <TextField
        select
        label="Type"
        value={value.BackupType ?? 'Backup'}
        disabled={disabled}
        onChange={(e) => set({ BackupType: e.target.value as 'Backup' | 'Alert' })}
      >
        <MenuItem value="Backup">Backup</MenuItem>
        <MenuItem value="Alert">Alert</MenuItem>
      </TextField>
      {showCompany && (
        <TextField
          select
          label="Company"
          value={value.CompanyId ?? NO_COMPANY}
          disabled={disabled}
          onChange={(e) => {
            const id = Number(e.target.value);
            set({ CompanyId: id === NO_COMPANY ? undefined : id });
          }}
        >
          <MenuItem value={NO_COMPANY}>Keep each backup's company</MenuItem>
          {(companies.data ?? []).map((c) => (
            <MenuItem key={c.Id} value={c.Id}>
              {c.Name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={
          <Switch
            checked={value.TreatWarningAsSuccess ?? false}
            disabled={disabled}
            onChange={(e) => set({ TreatWarningAsSuccess: e.target.checked })}
          />
        }
        label="Treat warning as success"
      />
      <Autocomplete
        multiple
        freeSolo
        options={tagChoices.data ?? []}
        value={value.Tags ?? []}
        disabled={disabled}
        onChange={(_e, tags) => set({ Tags: tags.map((t) => t.trim()).filter(Boolean) })}
        renderValue={(tags, getItemProps) =>
          tags.map((tag, index) => {
            const { key, ...rest } = getItemProps({ index });
            return <Chip key={key} label={tag} size="small" {...rest} />;
          })
        }
        renderInput={(params) => <TextField {...params} label="Tags" helperText="Type a tag and press Enter" />}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        label="Notes"
        multiline
        minRows={3}
        value={value.Notes ?? ''}
        disabled={disabled}
        onChange={(e) => set({ Notes: e.target.value || null })}
        sx={{ gridColumn: '1 / -1' }}
      />
    </Box>
  );
}
