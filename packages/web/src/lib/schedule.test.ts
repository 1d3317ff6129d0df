import { describe, expect, it } from 'vitest';
import { hourText, isEmail, scheduleText, sizeText, splitAddresses, weekdaysText } from './schedule';

describe('weekdaysText', () => {
  it('names the common sets', () => {
    expect(weekdaysText(127)).toBe('Every day');
    expect(weekdaysText(2 | 4 | 8 | 16 | 32)).toBe('Weekdays');
    expect(weekdaysText(1 | 64)).toBe('Weekends');
  });
  it('lists other days from Monday, Sunday last', () => {
    expect(weekdaysText(2 | 8)).toBe('Mon, Wed');
    expect(weekdaysText(1 | 2 | 32)).toBe('Mon, Fri, Sun');
    expect(weekdaysText(4)).toBe('Tuesday');
    expect(weekdaysText(0)).toBe('No days');
  });
});

describe('hourText', () => {
  it('uses the tenant time format', () => {
    expect(hourText(0, 'hh:mm A')).toBe('12:00 AM');
    expect(hourText(7, 'hh:mm A')).toBe('07:00 AM');
    expect(hourText(21, 'HH:mm')).toBe('21:00');
    expect(scheduleText(127, 13, 'h:mm a')).toBe('Every day at 1:00 pm');
  });
});

describe('recipients', () => {
  it('validates and splits addresses', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('ops@example')).toBe(false);
    expect(isEmail('two words@example.com')).toBe(false);
    expect(splitAddresses(' a@b.co, c@d.io;e@f.net \n')).toEqual(['a@b.co', 'c@d.io', 'e@f.net']);
  });
  it('prints sizes', () => {
    expect(sizeText(null)).toBe('');
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(2048)).toBe('2.0 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
