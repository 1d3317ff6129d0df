import { describe, expect, it } from 'vitest';
import { formatUtc } from './utcFormat';

describe('formatUtc', () => {
  it('shows the instant in UTC and names the zone after a time', () => {
    // 23:30 in New York on Nov 26 is 04:30 UTC on Nov 27, whatever the browser's zone.
    expect(formatUtc('2026-11-26T23:30:00-05:00')).toBe('11/27/2026 04:30 AM UTC');
    expect(formatUtc('2026-11-27T04:30:05Z', 'MM/DD/yyyy hh:mm:ss A')).toBe('11/27/2026 04:30:05 AM UTC');
  });

  it('gives the UTC day without a suffix for a date alone, and nothing for no value', () => {
    expect(formatUtc('2026-11-26T23:30:00-05:00', 'MM/DD/yyyy')).toBe('11/27/2026');
    expect(formatUtc(null)).toBe('');
  });
});
