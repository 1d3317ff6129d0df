// The state of the scheduled report form: the report, its errors, the recipients field, and save.
import { useRef, useState } from 'react';
import type { ScheduledReport, ScheduledReportInput } from '@vigil/contract';
import type { RecipientsHandle } from '../../../../components/RecipientsField';
import { useSnackbar } from '../../../../components/snackbar';
import { useSaveScheduledReport } from '../scheduledChanges';
import { fieldErrorsOf } from './scheduledCatalogue';
import { initialInput, type ScheduledFormMode } from './scheduledInput';

export type ScheduledErrors = Record<string, string | undefined>;
/** Changes some fields of the report and clears their errors. */
export type SetScheduled = (patch: Partial<ScheduledReportInput>) => void;

export function useScheduledForm(
  mode: ScheduledFormMode,
  id: number | null,
  source: ScheduledReport | null,
  onSaved: (saved: ScheduledReport) => void,
) {
  const snackbar = useSnackbar();
  const save = useSaveScheduledReport();
  const [value, setValue] = useState<ScheduledReportInput>(() => initialInput(source, mode));
  const recipientsField = useRef<RecipientsHandle | null>(null);
  const [errors, setErrors] = useState<ScheduledErrors>({});

  const set: SetScheduled = (patch) => {
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

  return { value, set, errors, setErrors, recipientsField, submit, saving: save.isPending };
}
