import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { formatExample, imageToken, splitDomains } from '@vigil/contract';
import { countries, countryById } from './countries.ts';
import { pngSize } from './png.ts';
import { sizeText } from './service.ts';
import { findTimeZones, offsetLabel, offsetMinutes, timeZoneOptions } from './timezones.ts';

const header = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(pngSize(Buffer.concat([header(640, 200), deflateSync(Buffer.alloc(4))]))).toEqual({
      width: 640,
      height: 200,
    });
  });
  it('refuses other files, truncated headers and empty sizes', () => {
    expect(pngSize(Buffer.from('GIF89a..........................'))).toBeNull();
    expect(pngSize(header(10, 10).subarray(0, 20))).toBeNull();
    expect(pngSize(header(0, 10))).toBeNull();
    const wrongChunk = header(10, 10);
    wrongChunk.write('IDAT', 12, 'latin1');
    expect(pngSize(wrongChunk)).toBeNull();
  });
});

describe('time zones', () => {
  const winter = new Date(Date.UTC(2026, 0, 15, 12));
  const summer = new Date(Date.UTC(2026, 6, 15, 12));
  it('computes the offset at an instant, daylight saving included', () => {
    expect(offsetMinutes('Europe/Berlin', winter)).toBe(60);
    expect(offsetMinutes('Europe/Berlin', summer)).toBe(120);
    expect(offsetMinutes('America/St_Johns', winter)).toBe(-210);
    expect(offsetLabel(-210)).toBe('UTC-03:30');
    expect(offsetLabel(345)).toBe('UTC+05:45');
  });
  it('titles zones with the offset and orders them by it', () => {
    const list = timeZoneOptions(summer);
    expect(list).toContainEqual({ TimeZoneId: 'America/New_York', TimeZoneTitle: '(UTC-04:00) America/New York' });
    expect(list.find((z) => z.TimeZoneId === 'UTC')?.TimeZoneTitle).toBe('(UTC+00:00) UTC');
    expect(list.map((z) => z.TimeZoneId)).toContain('Asia/Kolkata');
    expect(list.map((z) => z.TimeZoneId)).not.toContain('Asia/Calcutta');
    expect(list[0].TimeZoneTitle.startsWith('(UTC-1')).toBe(true);
  });
  it('finds the exact id first, then partial matches', () => {
    const found = findTimeZones('europe/london', winter);
    expect(found[0].TimeZoneId).toBe('Europe/London');
    expect(findTimeZones('buenos aires', winter).map((z) => z.TimeZoneId)).toContain('America/Buenos_Aires');
    expect(findTimeZones('no such place', winter)).toEqual([]);
    expect(findTimeZones('Asia/Calcutta', winter)[0]).toEqual({
      TimeZoneId: 'Asia/Calcutta',
      TimeZoneTitle: '(UTC+05:30) Asia/Calcutta',
    });
  });
});

describe('countries', () => {
  it('has every ISO 3166-1 code once, named in English', () => {
    const list = countries();
    expect(list).toHaveLength(249);
    expect(new Set(list.map((c) => c.Id)).size).toBe(249);
    expect(countryById('gb')).toEqual({ Id: 'GB', Name: 'United Kingdom' });
    expect(countryById('XX')).toBeUndefined();
  });
});

describe('small rules', () => {
  it('writes sizes as the upload messages show them', () => {
    expect(sizeText(7 * 1024 * 1024)).toBe('7 MB');
    expect(sizeText(7 * 1024 * 1024 + 300_000)).toBe('7.29 MB');
    expect(sizeText(512)).toBe('512 B');
  });
  it('formats examples with the tenant patterns', () => {
    const at = new Date(Date.UTC(2026, 2, 5, 0, 7));
    expect(formatExample(at, 'MM/DD/yyyy hh:mm A')).toBe('03/05/2026 12:07 AM');
    expect(formatExample(at, 'D.M.yyyy H:mm')).toBe('5.3.2026 0:07');
  });
  it('splits domain lists and recognises image values', () => {
    expect(splitDomains(' a.com, B.com;a.com\nc.org ')).toEqual(['a.com', 'b.com', 'c.org']);
    expect(imageToken('/api/image/abcdefghijklmnopqrstuvwxyz012345')).toBe('abcdefghijklmnopqrstuvwxyz012345');
    expect(imageToken('https://evil.example/api/image/abcdefghijklmnopqrstuvwxyz012345')).toBeNull();
    expect(imageToken(null)).toBeNull();
  });
});
