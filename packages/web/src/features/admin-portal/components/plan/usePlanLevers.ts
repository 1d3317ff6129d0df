// The manage-plan window's levers: the open confirmation, running the confirmed change, its failure.
import { useState } from 'react';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { resolveErrorMessage } from '../../../../lib/errors';
import { usePlanAction } from '../../api/plan';
import type { RunPlanAction } from './planConfirms';

export function usePlanLevers(tenantId: number) {
  const action = usePlanAction(tenantId);
  const snackbar = useSnackbar();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs a confirmed change; a refusal closes the confirmation and stays on screen with the server's message. */
  const run: RunPlanAction = (a, done) => async () => {
    setFailure(null);
    try {
      const next = await action.mutateAsync(a);
      snackbar.success(done(next));
    } catch (err) {
      setFailure(resolveErrorMessage(err));
    }
  };

  return { run, confirm, setConfirm, failure, setFailure };
}
