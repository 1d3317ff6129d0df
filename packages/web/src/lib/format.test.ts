// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, relativeTime } from './format';

describe('date formatting', () => {
  it('applies the tenant pattern in the tenant time zone', () => {
    const at = '2026-03-05T14:07:09Z';
    expect(formatDate(at, 'MM/DD/yyyy hh:mm A', 'UTC')).toBe('03/05/2026 02:07 PM');
    expect(formatDate(at, 'yyyy-MM-dd HH:mm:ss', 'America/New_York')).toBe('2026-03-05 09:07:09');
    expect(formatDate(at, 'D.M.yy h:mm a', 'Europe/Berlin')).toBe('5.3.26 3:07 pm');
    expect(formatDate('2026-03-05T00:30:00Z', 'hh:mm A', 'UTC')).toBe('12:30 AM');
    expect(formatDate('nonsense')).toBe('');
  });

  it('describes relative times', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(relativeTime('2026-03-05T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-03-07T12:00:00Z', now)).toBe('in 2 days');
    expect(relativeTime('2026-03-05T11:59:58Z', now)).toBe('2 seconds ago');
  });
});
