import type { WindowManager } from '../../../lib/windows';
import type { ScheduledFormMode } from './ScheduledReportForm';

/** Editor popups (features §2.5): scheduled/create, scheduled/edit/{reportId}, scheduled/copy/{copyReportId}. */
export const EDITOR_SIZE = { width: 820, height: 940 };

export function scheduledEditorPath(mode: ScheduledFormMode, id: number | null): string {
  if (mode === 'create' || id === null) return '/window/reporting/scheduled/create';
  return `/window/reporting/scheduled/${mode}/${id}`;
}

export function scheduledEditorTitle(mode: ScheduledFormMode, id: number | null): string {
  if (mode === 'edit') return `Edit Scheduled Report #${id}`;
  if (mode === 'copy') return `Copy Scheduled Report #${id}`;
  return 'New Scheduled Report';
}

/** Opens the editor popup; false when the browser blocked it (the caller shows a dialog instead). */
export function openScheduledEditor(manager: WindowManager, mode: ScheduledFormMode, id: number | null): boolean {
  const key = `scheduled-report-${mode}-${id ?? 'new'}`;
  return !!manager.open(key, scheduledEditorPath(mode, id), EDITOR_SIZE, scheduledEditorTitle(mode, id));
}
