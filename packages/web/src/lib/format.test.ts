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

  it('remembers a formatted instant per zone and pattern, never across them', () => {
    const at = Date.parse('2026-07-01T23:30:00Z');
    for (let i = 0; i < 2; i++) {
      expect(formatDate(at, 'MM/DD/yyyy', 'UTC')).toBe('07/01/2026');
      expect(formatDate(at, 'MM/DD/yyyy', 'Asia/Tokyo')).toBe('07/02/2026');
      expect(formatDate(new Date(at), 'HH:mm', 'Asia/Tokyo')).toBe('08:30');
    }
  });

  it('describes relative times', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(relativeTime('2026-03-05T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-03-07T12:00:00Z', now)).toBe('in 2 days');
    expect(relativeTime('2026-03-05T11:59:58Z', now)).toBe('2 seconds ago');
  });
});
