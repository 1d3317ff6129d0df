import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  REPORT_TYPES,
  ReportFilters,
  type ReportCatalogue,
  type ReportFormatValue,
  type ReportType,
  type ScheduledReport,
  type ScheduledReportInput,
} from '@vigil/contract';
import { useTenantFormats, useTenantTimeFormat } from '../../../lib/tenantFormats';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useReportCatalogue } from '../api/reports';
import { useSaveScheduledReport } from './api';
import { RecipientsField, type RecipientsHandle } from '../../../components/RecipientsField';
import { ALL_DAYS, DAY_NAMES, DAY_SHORT, dayFlag, hourText, weekdaysText } from '../../../lib/schedule';
import { ReportFiltersFields } from '../components/ReportFiltersFields';

export const FORMATS: { value: ReportFormatValue; label: string }[] = [
  { value: 0, label: 'Html' },
  { value: 1, label: 'Pdf' },
  { value: 2, label: 'Excel' },
  { value: 4, label: 'Csv' },
];
export const formatLabel = (v: number) => FORMATS.find((f) => f.value === v)?.label ?? String(v);
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export type ScheduledFormMode = 'create' | 'edit' | 'copy';

/** What the form starts from: a new report, or an existing one to edit or copy. */
export function initialInput(source: ScheduledReport | null, mode: ScheduledFormMode): ScheduledReportInput {
  if (!source)
    return {
      Name: '',
      ReportType: 'BackupStatusSummary',
      Format: 1,
      Weekdays: 2 | 4 | 8 | 16 | 32,
      Hour: 7,
      Recipients: [],
      Filters: ReportFilters.parse({}),
      IsEnabled: true,
    };
  return {
    Name: mode === 'copy' ? `Copy of ${source.Name}`.slice(0, 100) : source.Name,
    ReportType: source.ReportType,
    Format: source.Format,
    Weekdays: source.Weekdays,
    Hour: source.Hour,
    Recipients: [...source.Recipients],
    Filters: source.Filters,
    IsEnabled: source.IsEnabled,
  };
}

/** The catalogue as the server lists it, or the built-in one while it loads or when it fails. */
function catalogueOrDefault(data: ReportCatalogue | undefined): ReportCatalogue {
  if (data?.length) return data;
  const byCategory = new Map<string, ReportCatalogue[number]>();
  for (const [type, info] of Object.entries(REPORT_TYPES)) {
    const group = byCategory.get(info.category) ?? { category: info.category, reports: [] };
    group.reports.push({
      type: type as ReportType,
      title: info.title,
      description: info.description,
      filters: info.filters,
    });
    byCategory.set(info.category, group);
  }
  return [...byCategory.values()];
}

/** Server field names ("Recipients.1", "Filters.DateRange.From") under the form's keys. */
function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    const key = field.replace(/^filters\./i, 'Filters.').replace(/^recipients(\.\d+)?$/i, 'Recipients');
    out[key] ??= message;
  }
  return out;
}

/**
 * The scheduled-report editor (features §2.5): name, report, format, days, hour in the tenant's
 * time format, recipients as chips, the report's filters and enabled. Used by the window routes
 * and, on small screens, inside a dialog.
 */
export function ScheduledReportForm({
  mode,
  id,
  source,
  onSaved,
  onCancel,
}: {
  mode: ScheduledFormMode;
  id: number | null;
  source: ScheduledReport | null;
  onSaved: (saved: ScheduledReport) => void;
  onCancel: () => void;
}) {
  const snackbar = useSnackbar();
  const f = useTenantFormats();
  const catalogue = useReportCatalogue();
  const save = useSaveScheduledReport();
  const [value, setValue] = useState<ScheduledReportInput>(() => initialInput(source, mode));
  const recipientsField = useRef<RecipientsHandle | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const groups = useMemo(() => catalogueOrDefault(catalogue.data), [catalogue.data]);
  const timeFormat = useTenantTimeFormat();

  const set = (patch: Partial<ScheduledReportInput>) => {
    setValue((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  const submit = async () => {
    const recipients = recipientsField.current ? recipientsField.current.commit() : value.Recipients;
    if (!recipients) return;
    const input = { ...value, Name: value.Name.trim(), Recipients: recipients };
    const local: Record<string, string> = {};
    if (!input.Name) local.Name = 'Name is required';
    if (!input.Weekdays) local.Weekdays = 'Choose at least one day';
    if (!input.Recipients.length) local.Recipients = 'Add at least one recipient';
    if (Object.keys(local).length) return setErrors(local);
    try {
      const saved = await save.mutateAsync({ id: mode === 'edit' ? id : null, input });
      snackbar.success(mode === 'edit' ? 'Successfully saved' : 'Successfully added');
      onSaved(saved);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (!Object.keys(fields).length) snackbar.error(err);
    }
  };

  const info = REPORT_TYPES[value.ReportType];
  const dayValues = DAY_SHORT.map((_, i) => i).filter((i) => value.Weekdays & dayFlag(i));

  return (
    <Box
      component="form"
      noValidate
      aria-label={mode === 'edit' ? 'Edit scheduled report' : 'New scheduled report'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <TextField
        id="scheduled-name"
        label="Name"
        autoFocus
        required
        value={value.Name}
        onChange={(e) => set({ Name: e.target.value })}
        error={!!errors.Name}
        helperText={errors.Name}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        select
        id="scheduled-type"
        label="Report"
        value={value.ReportType}
        onChange={(e) => set({ ReportType: e.target.value as ReportType })}
        error={!!errors.ReportType}
        helperText={errors.ReportType ?? info.description}
      >
        {groups.flatMap((g) => [
          <ListSubheader key={`h-${g.category}`}>{g.category}</ListSubheader>,
          ...g.reports.map((r) => (
            <MenuItem key={r.type} value={r.type}>
              {r.title}
            </MenuItem>
          )),
        ])}
      </TextField>
      <Box>
        <Typography
          component="div"
          sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }}
          id="scheduled-format-label"
        >
          Format
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby="scheduled-format-label"
          value={value.Format}
          onChange={(_, v: ReportFormatValue | null) => v !== null && set({ Format: v })}
        >
          {FORMATS.map((x) => (
            <ToggleButton key={x.value} value={x.value} sx={{ px: 2 }}>
              {x.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {errors.Format && <FormHelperText error>{errors.Format}</FormHelperText>}
      </Box>
      <Box>
        <Typography component="div" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }} id="scheduled-days-label">
          Days · {weekdaysText(value.Weekdays)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            color="primary"
            aria-labelledby="scheduled-days-label"
            value={dayValues}
            onChange={(_, days: number[]) => set({ Weekdays: days.reduce((m, i) => m | dayFlag(i), 0) })}
            sx={{ flexWrap: 'wrap' }}
          >
            {DAY_SHORT.map((d, i) => (
              <ToggleButton key={d} value={i} aria-label={DAY_NAMES[i]} sx={{ px: 1.25, minWidth: 44 }}>
                {d}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButton
            size="small"
            color="primary"
            value="all"
            selected={value.Weekdays === ALL_DAYS}
            onChange={() => set({ Weekdays: value.Weekdays === ALL_DAYS ? 0 : ALL_DAYS })}
            sx={{ px: 1.5 }}
          >
            All
          </ToggleButton>
        </Box>
        {errors.Weekdays && <FormHelperText error>{errors.Weekdays}</FormHelperText>}
      </Box>
      <TextField
        select
        id="scheduled-hour"
        label="Hour"
        value={value.Hour}
        onChange={(e) => set({ Hour: Number(e.target.value) })}
        error={!!errors.Hour}
        helperText={errors.Hour ?? `Sent at this hour, ${f.timeZone}`}
        sx={{ maxWidth: 320 }}
      >
        {HOURS.map((h) => (
          <MenuItem key={h} value={h}>
            {hourText(h, timeFormat)}
          </MenuItem>
        ))}
      </TextField>
      <RecipientsField
        id="scheduled-recipients"
        required
        value={value.Recipients}
        onChange={(Recipients) => set({ Recipients })}
        error={errors.Recipients}
        onError={(Recipients) => setErrors((e) => ({ ...e, Recipients }))}
        ref={recipientsField}
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontSize: 13, color: 'text.secondary', mb: 1 }}>
          Filters
        </Typography>
        <ReportFiltersFields
          type={value.ReportType}
          filters={value.Filters}
          onChange={(Filters) => set({ Filters })}
          today={f.today}
          formatDay={f.day}
          relative
          errors={errors}
          idPrefix="scheduled"
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={value.IsEnabled} onChange={(e) => set({ IsEnabled: e.target.checked })} />}
        label="Enabled"
      />
      {errors.form && <FormHelperText error>{errors.form}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {mode === 'edit' ? 'Save' : 'Create'}
        </Button>
      </Box>
    </Box>
  );
}
