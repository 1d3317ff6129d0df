import { describe, expect, it } from 'vitest';
import { CellFormat, excelFormat, fitLogo, formatWall, reportFileName, statusName, statusStyle } from './format.ts';
import { RED_PNG, summaryDocument } from './test-documents.ts';

describe('tenant date formats', () => {
  const wall = new Date(Date.UTC(2026, 2, 7, 0, 5, 9));

  it.each([
    ['MM/DD/yyyy hh:mm A', '03/07/2026 12:05 AM'],
    ['DD/MM/yyyy HH:mm', '07/03/2026 00:05'],
    ['yyyy-MM-DD HH:mm:ss', '2026-03-07 00:05:09'],
    ['D.M.yy h:mm a', '7.3.26 12:05 am'],
  ])('%s', (pattern, expected) => {
    expect(formatWall(wall, pattern)).toBe(expected);
  });

  it('shows instants in the tenant time zone, across a daylight-saving change', () => {
    const fmt = new CellFormat({ dateFormat: 'MM/DD/yyyy', timeFormat: 'hh:mm A', timeZone: 'America/New_York' });
    // New York leaves daylight time on 2026-11-01 at 06:00 UTC.
    expect(fmt.dateTime('2026-11-01T05:30:00Z')).toBe('11/01/2026 01:30 AM');
    expect(fmt.dateTime('2026-11-01T06:30:00Z')).toBe('11/01/2026 01:30 AM');
    expect(fmt.dateTime('2026-11-01T17:00:00Z')).toBe('11/01/2026 12:00 PM');
    // Calendar days carry no zone: the day is the day.
    expect(fmt.date('2026-11-01')).toBe('11/01/2026');
  });

  it('formats each column type as a reader sees it', () => {
    const fmt = new CellFormat({ dateFormat: 'DD/MM/yyyy', timeFormat: 'HH:mm', timeZone: 'Europe/London' });
    expect(fmt.text({ key: 'p', label: 'P', type: 'percent' }, 93.333)).toBe('93.3%');
    expect(fmt.text({ key: 'p', label: 'P', type: 'percent' }, 100)).toBe('100.0%');
    expect(fmt.text({ key: 's', label: 'S', type: 'status' }, 6)).toBe('Suppressed No Result');
    expect(fmt.text({ key: 's', label: 'S', type: 'status' }, 0)).toBe('Not scheduled');
    expect(fmt.text({ key: 'd', label: 'D', type: 'datetime' }, '2026-07-01T12:00:00Z')).toBe('01/07/2026 13:00');
    expect(fmt.text({ key: 'n', label: 'N', type: 'number' }, null)).toBe('');
  });

  it('turns tenant patterns into Excel number formats', () => {
    expect(excelFormat('MM/DD/yyyy hh:mm A')).toBe('mm/dd/yyyy hh:mm AM/PM');
    expect(excelFormat('DD/MM/yyyy HH:mm')).toBe('dd/mm/yyyy hh:mm');
  });
});

describe('status names and colours', () => {
  it('names every day status and colours all but empty cells', () => {
    expect([1, 2, 3, 4, 5].map(statusName)).toEqual(['Success', 'Warning', 'Failure', 'No Result', 'Pending']);
    expect(statusStyle(3)).toEqual({ fill: expect.stringMatching(/^#[0-9a-f]{6}$/), text: expect.any(String) });
    expect(statusStyle(null)).toBeNull();
    expect(statusStyle(1)?.fill).not.toBe(statusStyle(3)?.fill);
  });
});

describe('file names', () => {
  it('are the title and the range, safe for file systems', () => {
    expect(reportFileName(summaryDocument(1), 'pdf')).toBe('Backup Status Summary 2026-10-24–2026-11-22.pdf');
    const odd = summaryDocument(1, { title: 'Acme: a/b <test>?', range: null });
    expect(reportFileName(odd, 'csv')).toBe('Acme- a-b -test- 2026-11-23.csv');
  });
});

describe('logos', () => {
  it('fit their box keeping the aspect ratio', () => {
    expect(fitLogo(RED_PNG, 100, 20)).toEqual({ width: 20, height: 20 });
  });
});
