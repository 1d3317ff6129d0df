// A global subject being edited: the pattern, the server's objection, and save.
import { useState } from 'react';
import { PROFILE_MESSAGES, parsePattern, type TicketGroupByValue } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useSaveSubject } from '../../api/subjects';

export function useSubjectEdit(groupBy: TicketGroupByValue, saved: string) {
  const snackbar = useSnackbar();
  const save = useSaveSubject();
  const [pattern, setPattern] = useState(saved);
  const [serverError, setServerError] = useState<string | undefined>();
  const dirty = pattern !== saved;
  const invalid = !pattern.trim() || parsePattern(pattern, groupBy).errors.length > 0;

  const submit = async (value: string) => {
    setServerError(undefined);
    try {
      await save.mutateAsync({ Pattern: value, GroupBy: groupBy });
      setPattern(value);
      snackbar.success(PROFILE_MESSAGES.subjectUpdated);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.message);
      else snackbar.error(err);
    }
  };
  /** Sets the pattern as typed, clearing the server's last objection. */
  const change = (v: string) => {
    setPattern(v);
    setServerError(undefined);
  };
  return { pattern, change, serverError, dirty, invalid, submit, saving: save.isPending };
}
