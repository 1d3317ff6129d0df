import { describe, expect, it } from 'vitest';
import { field, htmlTables, parseDate, parseDuration, parseSize, statusFromWord } from './util.ts';

describe('parser utilities', () => {
  it('reads nested tables innermost first', () => {
    const html = `<table><tr><td>Layout<table><tr><th>Name</th><th>Status</th></tr><tr><td>dc01</td><td>Success</td></tr></table></td></tr></table>`;
    expect(htmlTables(html)).toEqual([
      [
        ['Name', 'Status'],
        ['dc01', 'Success'],
      ],
      [['Layout']],
    ]);
  });

  it('maps status words, sizes, durations, labelled fields and dates', () => {
    expect(['Completed with warnings', 'Finished', 'Fatal', 'blue'].map(statusFromWord)).toEqual([
      'Warning',
      'Success',
      'Failure',
      null,
    ]);
    expect(parseSize('12.5 GB')).toBe(Math.round(12.5 * 1024 ** 3));
    expect(parseSize('1,024 KB')).toBe(1024 * 1024);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('2h 5m')).toBe(7500);
    expect(field('Job: Nightly\nStatus: Failed', 'Status')).toBe('Failed');
    expect(parseDate('11/20/2026 10:05:00 PM')?.toISOString()).toBe('2026-11-20T22:05:00.000Z');
    expect(parseDate('20.11.2026 22:05')?.toISOString()).toBe('2026-11-20T22:05:00.000Z');
    expect(parseDate('2026-11-20T22:05:00+01:00')?.toISOString()).toBe('2026-11-20T21:05:00.000Z');
  });
});
