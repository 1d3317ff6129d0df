import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BackupSettings, PolicyRow, ScheduleRule, ToActivateRow } from '@vigil/contract';
import { QueryError } from '../QueryError';
import { useSnackbar } from '../snackbar';
import { resolveErrorMessage } from '../../lib/errors';
import { useBatchEdit, useCompanyChoices, usePoliciesForEdit, useScheduleOptions } from '../../lib/backupsApi';
import { editorTitle } from '../../lib/policyWindows';
import { useTagValues } from '../../lib/tagsApi';
import { useTenantFormats } from '../../lib/tenantFormats';
import { ScheduleRuleEditor, scheduleRuleError } from './ScheduleRuleEditor';
import { StartTimeSuggestion } from './StartTimeSuggestion';
import { AdditionalFieldsEditor } from './AdditionalFieldsEditor';

type Field = keyof BackupSettings;
const NO_COMPANY = -1;
const NO_SCHEDULE = 'none';
const CUSTOM = 'custom';
const CALCULATIONS: { value: NonNullable<BackupSettings['StatusCalculation']>; label: string }[] = [
  { value: 'WarningIfMixed', label: 'Warning if mixed' },
  { value: 'Last', label: 'Last result' },
  { value: 'Worst', label: 'Worst result' },
  { value: 'Best', label: 'Best result' },
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** A schedule choice: a named schedule ("n:12"), a built-in rule ("r:<json>"), or none. */
function scheduleKey(id: number | null | undefined, rule: ScheduleRule | null | undefined): string {
  if (id) return `n:${id}`;
  if (rule) return `r:${JSON.stringify(rule)}`;
  return NO_SCHEDULE;
}

/** The settings every selected backup shares, for the form's starting values. */
function common(rows: readonly (PolicyRow | ToActivateRow)[], activate: boolean): BackupSettings {
  const first = rows[0];
  const s = activate && 'Suggested' in first ? first.Suggested : null;
  const same = <K extends keyof PolicyRow>(k: K) =>
    rows.every((r) => JSON.stringify(r[k]) === JSON.stringify(first[k]));
  return {
    CompanyId: s ? s.CompanyId : same('CompanyId') ? first.CompanyId : undefined,
    BackupType: s ? s.BackupType : same('BackupType') ? first.BackupType : undefined,
    Schedule: s ? s.Schedule : same('Schedule') ? first.Schedule : undefined,
    ScheduleId: s ? s.ScheduleId : same('ScheduleId') ? first.ScheduleId : undefined,
    DayStartHour: s ? s.DayStartHour : same('DayStartHour') ? first.DayStartHour : undefined,
    StatusCalculation: s ? s.StatusCalculation : same('StatusCalculation') ? first.StatusCalculation : undefined,
    TreatWarningAsSuccess: same('TreatWarningAsSuccess') ? first.TreatWarningAsSuccess : undefined,
    FailureThreshold: same('FailureThreshold') ? first.FailureThreshold : undefined,
    Notes: rows.length === 1 ? first.Notes : undefined,
    Tags: rows.length === 1 ? first.Tags.filter((t) => !t.PlanName).map((t) => t.TagValue) : [],
  };
}

/**
 * Edits or activates one or many backups (features §2.2): company, type, schedule, start of
 * business day, status calculation, treat warning as success, failure threshold, tags and
 * notes. With several backups a field is sent only once changed ("Mixed" until then); tags are
 * added to each backup's own. Activating sends every field, prefilled with the suggestions.
 */
export function PolicyEditor({
  ids,
  activate,
  onDone,
  onCancel,
}: {
  ids: readonly number[];
  activate: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const loaded = usePoliciesForEdit(ids, activate);
  if (loaded.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label="Loading backups" />
      </Box>
    );
  }
  if (loaded.isError) return <QueryError error={loaded.error} onRetry={() => void loaded.refetch()} />;
  const rows = loaded.data ?? [];
  if (!rows.length) return <Alert severity="warning">These backups no longer exist or cannot be edited.</Alert>;
  return <EditorForm rows={rows} activate={activate} onDone={onDone} onCancel={onCancel} />;
}

function EditorForm({
  rows,
  activate,
  onDone,
  onCancel,
}: {
  rows: readonly (PolicyRow | ToActivateRow)[];
  activate: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const snackbar = useSnackbar();
  const companies = useCompanyChoices();
  const schedules = useScheduleOptions();
  const save = useBatchEdit();
  const tagChoices = useTagValues();
  const f = useTenantFormats();
  const [customOpen, setCustomOpen] = useState(false);
  const initial = useMemo(() => common(rows, activate), [rows, activate]);
  const [values, setValues] = useState<BackupSettings>(initial);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const many = rows.length > 1;
  const ids = rows.map((r) => r.PolicyId);
  const reason = activate && rows.length === 1 && 'Suggested' in rows[0] ? rows[0].Suggested.ScheduleReason : null;

  const set = <K extends Field>(k: K, v: BackupSettings[K], also?: Partial<BackupSettings>) => {
    setValues((old) => ({ ...old, [k]: v, ...also }));
    setTouched((old) => new Set(old).add(k));
  };

  const scheduleChoices = useMemo(() => {
    const list = (schedules.data ?? []).map((o) => ({
      key: scheduleKey(o.ScheduleId, o.ScheduleId ? null : o.Rule),
      label: o.Name,
      id: o.ScheduleId,
      rule: o.ScheduleId ? null : o.Rule,
    }));
    const current = scheduleKey(values.ScheduleId, values.Schedule);
    if (current !== NO_SCHEDULE && !list.some((c) => c.key === current)) {
      const row = rows[0];
      const label = values.ScheduleId ? row.ScheduleName : `Custom: ${row.ScheduleName}`;
      list.unshift({ key: current, label, id: values.ScheduleId ?? null, rule: values.Schedule ?? null });
    }
    return list;
  }, [schedules.data, values.ScheduleId, values.Schedule, rows]);

  const submit = async () => {
    setError(null);
    const ruleError = !values.ScheduleId && values.Schedule ? scheduleRuleError(values.Schedule) : null;
    if (ruleError) {
      setError(ruleError);
      return;
    }
    const send: BackupSettings = {};
    const fields: Field[] = activate
      ? [
          'CompanyId',
          'BackupType',
          'Schedule',
          'DayStartHour',
          'StatusCalculation',
          'TreatWarningAsSuccess',
          'FailureThreshold',
          'Notes',
          'Tags',
        ]
      : [...touched];
    for (const f of fields) {
      if (f === 'Schedule' || f === 'ScheduleId') {
        send.ScheduleId = values.ScheduleId ?? null;
        send.Schedule = values.ScheduleId ? null : (values.Schedule ?? null);
      } else if (values[f] !== undefined) {
        (send as Record<string, unknown>)[f] = values[f];
      }
    }
    if (!activate && !Object.keys(send).length) {
      onCancel();
      return;
    }
    try {
      const r = await save.mutateAsync({
        PolicyIds: ids,
        Settings: send,
        Activate: activate || undefined,
        TagsMode: many ? 'add' : 'replace',
      });
      snackbar.success(r.Message);
      onDone();
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  };

  const mixed = many ? 'Mixed — unchanged unless set' : undefined;
  const companyValue = values.CompanyId === undefined ? '' : (values.CompanyId ?? NO_COMPANY);
  const scheduleValue = customOpen
    ? CUSTOM
    : values.ScheduleId === undefined && values.Schedule === undefined
      ? ''
      : scheduleKey(values.ScheduleId, values.Schedule);

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Typography component="h1" variant="h5" id="policy-editor-title" sx={{ fontWeight: 700, mb: 0.5 }}>
        {activate ? (many ? `Activate ${rows.length} backups` : 'Activate backup') : editorTitle(ids)}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2, maxHeight: 160, overflow: 'auto' }}>
        {rows.map((r) => (
          <Box key={r.PolicyId} sx={{ display: 'flex', gap: 1, fontSize: 14, py: 0.25, flexWrap: 'wrap' }}>
            <Box component="strong">{r.JobName}</Box>
            <Box sx={{ color: 'text.secondary' }}>
              {r.DeviceName} · {r.VendorName} · #{r.PolicyId}
            </Box>
          </Box>
        ))}
      </Paper>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          id="policy-company"
          label="Company"
          value={companyValue}
          helperText={values.CompanyId === undefined ? mixed : undefined}
          onChange={(e) => set('CompanyId', Number(e.target.value) === NO_COMPANY ? null : Number(e.target.value))}
        >
          <MenuItem value={NO_COMPANY}> - No company assigned - </MenuItem>
          {(companies.data ?? []).map((c) => (
            <MenuItem key={c.Id} value={c.Id}>
              {c.Name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="policy-type"
          label="Type"
          value={values.BackupType ?? ''}
          helperText={values.BackupType === undefined ? mixed : undefined}
          onChange={(e) => set('BackupType', e.target.value as 'Backup' | 'Alert')}
        >
          <MenuItem value="Backup">Backup Result</MenuItem>
          <MenuItem value="Alert">System Alert</MenuItem>
        </TextField>
        <TextField
          select
          id="policy-schedule"
          label="Schedule"
          value={scheduleValue}
          disabled={values.BackupType === 'Alert'}
          helperText={
            values.BackupType === 'Alert'
              ? 'System alerts have no schedule and never show No Result'
              : scheduleValue === ''
                ? mixed
                : (reason ?? undefined)
          }
          onChange={(e) => {
            if (e.target.value === CUSTOM) {
              setCustomOpen(true);
              set('ScheduleId', null, { Schedule: values.Schedule ?? { kind: 'weekly', weekdays: 62 } });
              return;
            }
            setCustomOpen(false);
            const c = scheduleChoices.find((x) => x.key === e.target.value);
            set('ScheduleId', c?.id ?? null, { Schedule: c?.rule ?? null });
          }}
        >
          <MenuItem value={NO_SCHEDULE}>No schedule</MenuItem>
          <MenuItem value={CUSTOM}>Custom schedule…</MenuItem>
          {scheduleChoices.map((c) => (
            <MenuItem key={c.key} value={c.key}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        {customOpen && values.Schedule && (
          <Paper variant="outlined" sx={{ p: 2, gridColumn: { sm: '1 / -1' } }}>
            <ScheduleRuleEditor
              id="policy-custom-schedule"
              value={values.Schedule}
              today={f.today}
              onChange={(rule) => set('ScheduleId', null, { Schedule: rule })}
            />
          </Paper>
        )}
        {!many && !activate && <StartTimeSuggestion backupId={ids[0]} />}
        <TextField
          select
          id="policy-day-start"
          label="Start of business day"
          value={values.DayStartHour ?? ''}
          helperText={values.DayStartHour === undefined ? mixed : 'Results before this hour count for the day before'}
          onChange={(e) => set('DayStartHour', Number(e.target.value))}
        >
          {HOURS.map((h) => (
            <MenuItem key={h} value={h}>
              {hourLabel(h)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="policy-calculation"
          label="Status calculation"
          value={values.StatusCalculation ?? ''}
          helperText={values.StatusCalculation === undefined ? mixed : 'How several results of one day make its status'}
          onChange={(e) => set('StatusCalculation', e.target.value as BackupSettings['StatusCalculation'])}
        >
          {CALCULATIONS.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="policy-threshold"
          label="Failure threshold"
          type="number"
          value={values.FailureThreshold ?? ''}
          placeholder={many ? 'Mixed' : undefined}
          helperText="Consecutive failures before a ticket is raised"
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          onChange={(e) => {
            const n = Math.floor(Number(e.target.value));
            set('FailureThreshold', Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 1);
          }}
        />
        <FormControlLabel
          sx={{ gridColumn: { sm: '1 / -1' } }}
          control={
            <Switch
              id="policy-twas"
              checked={!!values.TreatWarningAsSuccess}
              onChange={(e) => set('TreatWarningAsSuccess', e.target.checked)}
            />
          }
          label={`Treat warning as success${values.TreatWarningAsSuccess === undefined && many ? ' (mixed)' : ''}`}
        />
        <Autocomplete
          multiple
          freeSolo
          options={tagChoices.data ?? []}
          value={values.Tags ?? []}
          onChange={(_, v) => set('Tags', v.map((x) => String(x).trim()).filter(Boolean))}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} label={option} size="small" {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              id="policy-tags"
              label={many ? 'Add tags' : 'Tags'}
              helperText="Type a tag and press Enter"
            />
          )}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          id="policy-notes"
          label="Notes"
          multiline
          minRows={2}
          value={values.Notes ?? ''}
          placeholder={many ? 'Mixed — unchanged unless set' : undefined}
          onChange={(e) => set('Notes', e.target.value || null)}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        {!many && !activate && <AdditionalFieldsEditor backupId={ids[0]} />}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {activate ? (many ? `Activate ${rows.length} backups` : 'Activate') : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
