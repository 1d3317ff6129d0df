// What the rules grid does: move (by button or drag), enable or disable, edit, open in a window, delete.
import { useState } from 'react';
import type { TicketRule } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import { useDeleteRule, useMoveRule, useSaveRule } from '../../api/rules';
import { dropTarget, ruleToInput } from '../../ruleForm';
import { openRuleWindow } from '../../windows';
import type { RuleActions } from './ruleActions';

export function useRuleActions(rows: TicketRule[], canEdit: boolean, edit: (r: TicketRule) => void) {
  const snackbar = useSnackbar();
  const manager = useWindowManager();
  const move = useMoveRule();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = rows.map((r) => r.Id);

  const onMove = (r: TicketRule, afterId: number | null | undefined) => {
    if (afterId === undefined) return;
    move.mutate({ id: r.Id, afterId }, { onError: (e) => snackbar.error(e) });
  };
  const actions: RuleActions = {
    ids,
    canEdit,
    busy: move.isPending || save.isPending,
    onMove,
    onToggle: (r, enabled) =>
      save.mutate(
        { id: r.Id, input: { ...ruleToInput(r), IsEnabled: enabled } },
        {
          onSuccess: () => snackbar.success(enabled ? `${r.Name} is enabled` : `${r.Name} is disabled`),
          onError: (e) => snackbar.error(e),
        },
      ),
    onEdit: edit,
    onWindow: (r) => {
      if (!openRuleWindow(manager, r.Id)) edit(r);
    },
    onDelete: (r) =>
      setConfirm({
        title: 'Delete ticket rule',
        subject: r.Name,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          await remove.mutateAsync(r.Id);
          snackbar.success('Successfully deleted');
        },
      }),
    drag: {
      start: setDragged,
      drop: (target) => {
        const r = rows.find((x) => x.Id === dragged);
        setDragged(null);
        if (r) onMove(r, dropTarget(ids, r.Id, target));
      },
    },
  };
  return { actions, confirm, setConfirm };
}
