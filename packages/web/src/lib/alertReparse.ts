import type { ReparseStatus, RuntimeStatus } from '@vigil/contract';

/**
 * features §4.2: the analysis button reads Analyze when no versions exist, otherwise Reanalyze;
 * while a run is pending "Analyzing Alert Email" or "Reanalyzing Alert Email".
 */
export function analyzeButtonText(versionsCount: number, pending: boolean): string {
  const again = versionsCount > 0;
  if (pending) return again ? 'Reanalyzing Alert Email' : 'Analyzing Alert Email';
  return again ? 'Reanalyze' : 'Analyze';
}

/** features §4.2: pending and loading show a clock, running a spinner, completed a check. */
export function runtimeIcon(status: RuntimeStatus | null | undefined): 'clock' | 'spinner' | 'check' {
  if (status === 'Running') return 'spinner';
  if (status === 'Completed') return 'check';
  return 'clock';
}

/** The status text, with "with errors." appended when the run reported an error (features §4.2). */
export function runtimeStatusText(status: Pick<ReparseStatus, 'runtimeStatus' | 'customStatus'> | null): string {
  if (!status) return 'Pending';
  return status.customStatus?.error ? `${status.runtimeStatus} with errors.` : status.runtimeStatus;
}

/** A run is over when it completed or reported an error (platform §8: the timer stops). */
export function runFinished(status: Pick<ReparseStatus, 'runtimeStatus' | 'customStatus'> | null): boolean {
  return !!status && (status.runtimeStatus === 'Completed' || !!status.customStatus?.error);
}
