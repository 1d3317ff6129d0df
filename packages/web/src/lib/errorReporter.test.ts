// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createErrorReporter, type ErrorReport } from './errorReporter';

describe('browser error reporter', () => {
  it('sends a report with message, stack, kind and page, then throttles repeats and floods', () => {
    const sent: ErrorReport[] = [];
    let clock = 0;
    const report = createErrorReporter({
      send: async (r) => sent.push(r),
      now: () => clock,
      minGapMs: 1000,
      maxReports: 3,
    });
    expect(report(new TypeError('x is undefined'), 'window.onerror', 'http://h/app/audit')).toBe(true);
    expect(sent[0]).toMatchObject({
      Message: 'TypeError: x is undefined',
      Kind: 'window.onerror',
      Url: 'http://h/app/audit',
    });
    expect(sent[0].Stack).toContain('TypeError');
    // Within the gap: dropped. The same message later: dropped.
    expect(report(new Error('second'), 'boundary', 'u')).toBe(false);
    clock = 5000;
    expect(report(new TypeError('x is undefined'), 'window.onerror', 'u')).toBe(false);
    expect(report('plain text rejection', 'unhandledrejection', 'u')).toBe(true);
    clock = 10_000;
    expect(report(new Error('third'), 'boundary', 'u')).toBe(true);
    clock = 20_000;
    expect(report(new Error('fourth'), 'boundary', 'u')).toBe(false);
    expect(sent.map((r) => r.Message)).toEqual(['TypeError: x is undefined', 'plain text rejection', 'Error: third']);
  });
});
