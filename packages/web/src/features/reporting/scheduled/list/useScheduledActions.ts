// Run now, enable or pause, and delete (after a confirmation) of scheduled reports.
import { useCallback, useState } from 'react';
import type { ScheduledReport } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { runOf, useDeleteScheduledReport, useRunScheduledReport, useSaveScheduledReport } from '../scheduledChanges';
import { initialInput } from '../form/scheduledInput';
import { plural } from './scheduledActions';

export function useScheduledActions() {
  const snackbar = useSnackbar();
  const save = useSaveScheduledReport();
  const remove = useDeleteScheduledReport();
  const run = useRunScheduledReport();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const runNow = useCallback(
    async (r: ScheduledReport) => {
      setRunning(r.Id);
      try {
        const result = runOf(await run.mutateAsync(r.Id));
        if (result?.Outcome === 'Failed') snackbar.error(result.Error ?? `${r.Name} could not be sent`);
        else {
          const n = result?.Recipients.length ?? r.Recipients.length;
          snackbar.success(`Report sent to ${plural(n, 'recipient')}`);
        }
      } catch (err) {
        snackbar.error(err);
      } finally {
        setRunning(null);
      }
    },
    [run, snackbar],
  );

  const toggle = useCallback(
    async (r: ScheduledReport, enabled: boolean) => {
      setToggling(r.Id);
      try {
        await save.mutateAsync({ id: r.Id, input: { ...initialInput(r, 'edit'), IsEnabled: enabled } });
        snackbar.success(enabled ? `${r.Name} is enabled` : `${r.Name} is paused`);
      } catch (err) {
        snackbar.error(err);
      } finally {
        setToggling(null);
      }
    },
    [save, snackbar],
  );

  const askDelete = useCallback(
    (r: ScheduledReport) =>
      setConfirm({
        title: 'Delete scheduled report',
        subject: r.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(r.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    [remove, snackbar],
  );

  return { runNow, toggle, askDelete, running, toggling, confirm, setConfirm };
}
