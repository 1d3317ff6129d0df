// Where a scheduled report opens for editing: its own window, or a dialog on small screens and when blocked.
import { useCallback, useState } from 'react';
import type { ScheduledReport } from '@vigil/contract';
import { useWindowManager } from '../../../../components/WindowManagerProvider';
import type { ScheduledFormMode } from '../form/scheduledInput';
import { openScheduledEditor } from '../windows';

export function useScheduledEditor(small: boolean) {
  const manager = useWindowManager();
  const [editing, setEditing] = useState<{ mode: ScheduledFormMode; report: ScheduledReport | null } | null>(null);
  const open = useCallback(
    (mode: ScheduledFormMode, report: ScheduledReport | null) => {
      if (!small && openScheduledEditor(manager, mode, report?.Id ?? null)) return;
      setEditing({ mode, report });
    },
    [manager, small],
  );
  return { editing, setEditing, open };
}
