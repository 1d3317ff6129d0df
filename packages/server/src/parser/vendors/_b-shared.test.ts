import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../types.ts';
import { labelValues, looseDate, mapStatus, tablesOf } from './_b-shared.ts';

const mail = (text: string, html: string | null = null): MailMessage => ({
  messageId: 'x',
  subject: '',
  from: '',
  fromName: '',
  to: [],
  date: null,
  text,
  html,
  attachments: [],
  headers: {},
});

describe('group-b shared helpers', () => {
  it('reads the date forms the vendors write, all as UTC', () => {
    expect(looseDate('Friday, November 20, 2026 at 10:00:03 PM')?.toISOString()).toBe('2026-11-20T22:00:03.000Z');
    expect(looseDate('Nov 21, 2026 at 1:00:05 AM')?.toISOString()).toBe('2026-11-21T01:00:05.000Z');
    expect(looseDate('20 Nov 2026 23:00:02')?.toISOString()).toBe('2026-11-20T23:00:02.000Z');
    expect(looseDate('20/11/2026 22:00:02')?.toISOString()).toBe('2026-11-20T22:00:02.000Z');
    expect(looseDate('11/05/2026 1:00:04 AM')?.toISOString()).toBe('2026-11-05T01:00:04.000Z');
    expect(looseDate('\u200e2026\u200e-\u200e11\u200e-\u200e20T22:00:03.518274600Z')?.toISOString()).toBe(
      '2026-11-20T22:00:03.000Z',
    );
    expect(looseDate('yesterday')).toBeNull();
    expect(looseDate('31/31/2026 10:00')).toBeNull();
  });

  it('tests warning phrases before success words', () => {
    expect(mapStatus('Completed with warnings')).toBe('Warning');
    expect(mapStatus('Succeeded with exceptions')).toBe('Warning');
    expect(mapStatus('Incomplete')).toBe('Warning');
    expect(mapStatus('Successful')).toBe('Success');
    expect(mapStatus('Canceled')).toBe('Failure');
    expect(mapStatus('Crashed')).toBe('Failure');
    expect(mapStatus('Queued')).toBeNull();
  });

  it('reads tables nested in layout tables', () => {
    const html = '<table><tr><td><table><tr><td>Status</td><td>Failed</td></tr></table></td></tr></table>';
    expect(tablesOf(html)[0]).toEqual([['Status', 'Failed']]);
    expect(labelValues(mail('', html)).get('status')).toBe('Failed');
  });

  it('takes the first label from tables, then from text lines', () => {
    const kv = labelValues(mail('Job name: Nightly\nStatus: Warning\nC:\\path: ignored'));
    expect(kv.get('job name')).toBe('Nightly');
    expect(kv.get('status')).toBe('Warning');
    expect(kv.size).toBe(2);
  });
});
