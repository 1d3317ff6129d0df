// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyzeButtonText, runFinished, runtimeIcon, runtimeStatusText } from './alertReparse';

describe('the analysis button', () => {
  it('reads Analyze without versions and Reanalyze with some', () => {
    expect(analyzeButtonText(0, false)).toBe('Analyze');
    expect(analyzeButtonText(2, false)).toBe('Reanalyze');
  });

  it('reads the running text while a run is pending', () => {
    expect(analyzeButtonText(0, true)).toBe('Analyzing Alert Email');
    expect(analyzeButtonText(1, true)).toBe('Reanalyzing Alert Email');
  });

  it('picks a clock, a spinner or a check per runtime status', () => {
    expect(runtimeIcon('Pending')).toBe('clock');
    expect(runtimeIcon('Loading')).toBe('clock');
    expect(runtimeIcon(null)).toBe('clock');
    expect(runtimeIcon('Running')).toBe('spinner');
    expect(runtimeIcon('Completed')).toBe('check');
  });

  it('appends "with errors." when the run reported an error, and stops polling then', () => {
    const ok = { runtimeStatus: 'Running' as const, customStatus: { error: null } };
    const failed = { runtimeStatus: 'Running' as const, customStatus: { error: 'Model file missing' } };
    expect(runtimeStatusText(ok)).toBe('Running');
    expect(runtimeStatusText(failed)).toBe('Running with errors.');
    expect(runtimeStatusText(null)).toBe('Pending');
    expect(runFinished(ok)).toBe(false);
    expect(runFinished(failed)).toBe(true);
    expect(runFinished({ runtimeStatus: 'Completed', customStatus: { error: null } })).toBe(true);
  });
});
