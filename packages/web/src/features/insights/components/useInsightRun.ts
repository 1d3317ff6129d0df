// Apply or dismiss suggestions: the rows just handled leave the list at once, and the selection clears.
import { useState } from 'react';
import type { Insight, InsightType } from '@vigil/contract';
import type { RowSelectionState } from '../../../components/grid';
import { useSnackbar } from '../../../components/snackbar';
import { actionDoneText } from '../../../lib/insightText';
import { useInsightAction } from '../api/insights';

export function useInsightRun(type: InsightType) {
  const snackbar = useSnackbar();
  const [selection, setSelection] = useState<RowSelectionState>({});
  // Rows just applied or dismissed leave at once, before the list is fetched again.
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const action = useInsightAction(type);

  const run = async (kind: 'apply' | 'dismiss', targets: readonly Insight[]) => {
    try {
      const result = await action.mutateAsync({ Ids: targets.map((r) => r.Id), Action: kind });
      setGone((g) => new Set([...g, ...targets.map((r) => r.Id)]));
      setSelection({});
      snackbar.success(actionDoneText(kind, result));
    } catch (err) {
      snackbar.error(err);
    }
  };

  return { run, gone, selection, setSelection, busy: action.isPending };
}
