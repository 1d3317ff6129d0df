// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alertListQuery, changedFilters, defaultAlertFilters, filtersFromSearch } from './filters';

describe('alert e-mail list filters', () => {
  it('default to the last 30 days, today included', () => {
    const f = defaultAlertFilters('2026-03-31');
    expect(f).toMatchObject({ from: '2026-03-02', to: '2026-03-31', assessment: '', labels: [] });
    expect(changedFilters(f, '2026-03-31')).toBe(0);
  });

  it('send the window as instants of the tenant zone, midnight to midnight after the last day', () => {
    const f = defaultAlertFilters('2026-03-31');
    const q = alertListQuery(f, 'America/New_York', 50);
    // 2 March is still EST (UTC-5); 1 April is EDT (UTC-4).
    expect(q).toEqual({ Size: 50, ReceivedFrom: '2026-03-02T05:00:00.000Z', ReceivedTo: '2026-04-01T04:00:00.000Z' });
  });

  it('add only the filters that are set, trimmed', () => {
    const f = {
      ...defaultAlertFilters('2026-03-31'),
      subject: ' RAID ',
      summary: 'disk',
      assessment: 1,
      labels: ['Device'],
    };
    const q = alertListQuery(f, 'UTC', 25);
    expect(q).toMatchObject({ SearchBySubject: 'RAID', SearchBySummary: 'disk', Assessment: 1, Labels: ['Device'] });
    expect(changedFilters(f, '2026-03-31')).toBe(4);
    expect(alertListQuery({ ...f, subject: '  ', assessment: 0 }, 'UTC', 25)).not.toHaveProperty('SearchBySubject');
  });

  it('open on the days and assessment of a link, keeping the default for anything invalid', () => {
    const linked = filtersFromSearch(new URLSearchParams('from=2026-03-01&to=2026-03-07&assessment=1'), '2026-03-31');
    expect(linked).toMatchObject({ from: '2026-03-01', to: '2026-03-07', assessment: 1 });
    expect(changedFilters(linked, '2026-03-31')).toBe(2);
    const bad = filtersFromSearch(new URLSearchParams('from=2026-03-09&to=2026-03-07&assessment=7'), '2026-03-31');
    expect(bad).toEqual(defaultAlertFilters('2026-03-31'));
  });
});
