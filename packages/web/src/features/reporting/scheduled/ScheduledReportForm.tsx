import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ScheduledReport } from '@vigil/contract';
import { RecipientsField } from '../../../components/RecipientsField';
import { FormatField } from './form/FormatField';
import { ReportTypeField } from './form/ReportTypeField';
import { ScheduledFormFoot } from './form/ScheduledFormFoot';
import { ScheduledFiltersFieldset } from './form/ScheduledFiltersFieldset';
import type { ScheduledFormMode } from './form/scheduledInput';
import { useScheduledForm } from './form/useScheduledForm';
import { WhenFields } from './form/WhenFields';

export { FORMATS, formatLabel, initialInput, type ScheduledFormMode } from './form/scheduledInput';

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
  const { value, set, errors, setErrors, recipientsField, submit, saving } = useScheduledForm(
    mode,
    id,
    source,
    onSaved,
  );

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
      <ReportTypeField value={value} set={set} errors={errors} />
      <FormatField value={value} set={set} errors={errors} />
      <WhenFields value={value} set={set} errors={errors} />
      <RecipientsField
        id="scheduled-recipients"
        required
        value={value.Recipients}
        onChange={(Recipients) => set({ Recipients })}
        error={errors.Recipients}
        onError={(Recipients) => setErrors((e) => ({ ...e, Recipients }))}
        ref={recipientsField}
      />
      <ScheduledFiltersFieldset value={value} set={set} errors={errors} />
      <ScheduledFormFoot
        enabled={value.IsEnabled}
        setEnabled={(IsEnabled) => set({ IsEnabled })}
        error={errors.form}
        saving={saving}
        saveLabel={mode === 'edit' ? 'Save' : 'Create'}
        onCancel={onCancel}
      />
    </Box>
  );
}
