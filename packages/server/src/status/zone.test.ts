import { describe, expect, it } from 'vitest';
import { businessDay, dayWindow } from './index.ts';

// Changes used below (2024):
// Europe/London     spring 31 Mar 01:00Z (GMT 01:00 → BST 02:00), fall 27 Oct 01:00Z (BST 02:00 → GMT 01:00)
// America/New_York  spring 10 Mar 07:00Z (EST 02:00 → EDT 03:00), fall 3 Nov 06:00Z (EDT 02:00 → EST 01:00)
// Australia/Sydney  fall 6 Apr 16:00Z (AEDT 03:00 → AEST 02:00), spring 5 Oct 16:00Z (AEST 02:00 → AEDT 03:00)
// Pacific/Auckland  spring 28 Sep 14:00Z (NZST 02:00 → NZDT 03:00)
// Pacific/Apia      skipped 30 Dec 2011 entirely (29 Dec 23:59:59 −10:00 → 31 Dec 00:00 +14:00)

const L = 'Europe/London';
const NY = 'America/New_York';

describe('businessDay', () => {
  it.each([
    // label, instant, zone, start hour, expected day
    ['UTC, last millisecond before midnight', '2024-06-10T23:59:59.999Z', 'UTC', 0, '2024-06-10'],
    ['UTC, midnight', '2024-06-11T00:00:00Z', 'UTC', 0, '2024-06-11'],
    ['London summer, 23:59:59 BST', '2024-06-10T22:59:59Z', L, 0, '2024-06-10'],
    ['London summer, 00:00 BST', '2024-06-10T23:00:00Z', L, 0, '2024-06-11'],
    ['Tokyo, 23:59:59 JST', '2024-01-15T14:59:59Z', 'Asia/Tokyo', 0, '2024-01-15'],
    ['Tokyo, 00:00 JST', '2024-01-15T15:00:00Z', 'Asia/Tokyo', 0, '2024-01-16'],
    ['New York winter, 23:59:59 EST', '2024-01-16T04:59:59Z', NY, 0, '2024-01-15'],
    ['New York winter, 00:00 EST', '2024-01-16T05:00:00Z', NY, 0, '2024-01-16'],
    ['new year in London with h 6', '2025-01-01T02:00:00Z', L, 6, '2024-12-31'],
    // start of business
    ['h 6: local 03:00 is the previous day', '2024-01-15T03:00:00Z', L, 6, '2024-01-14'],
    ['h 6: 05:59:59', '2024-01-15T05:59:59Z', L, 6, '2024-01-14'],
    ['h 6: 06:00 opens the day', '2024-01-15T06:00:00Z', L, 6, '2024-01-15'],
    ['h 6 New York summer: 05:59 EDT', '2024-07-04T09:59:00Z', NY, 6, '2024-07-03'],
    ['h 6 New York summer: 06:00 EDT', '2024-07-04T10:00:00Z', NY, 6, '2024-07-04'],
    ['h 23: 00:30 belongs to the previous day', '2024-01-15T00:30:00Z', L, 23, '2024-01-14'],
    ['h 23: 22:59:59', '2024-01-15T22:59:59Z', L, 23, '2024-01-14'],
    ['h 23: 23:00 opens the day, never the next', '2024-01-15T23:00:00Z', L, 23, '2024-01-15'],
    // leap day
    ['UTC, late on 29 Feb', '2028-02-29T23:30:00Z', 'UTC', 0, '2028-02-29'],
    ['h 6: early 1 Mar belongs to 29 Feb', '2028-03-01T00:30:00Z', 'UTC', 6, '2028-02-29'],
    ['h 6: early 29 Feb belongs to 28 Feb', '2028-02-29T03:00:00Z', 'UTC', 6, '2028-02-28'],
    // London spring forward
    ['London spring h 0: 00:30 GMT', '2024-03-31T00:30:00Z', L, 0, '2024-03-31'],
    ['London spring h 0: 23:59:59 BST', '2024-03-31T22:59:59Z', L, 0, '2024-03-31'],
    ['London spring h 0: next midnight BST', '2024-03-31T23:00:00Z', L, 0, '2024-04-01'],
    ['London spring h 1: 00:59:59 GMT', '2024-03-31T00:59:59Z', L, 1, '2024-03-30'],
    ['London spring h 1: 02:00 BST, first instant after missing 01:00', '2024-03-31T01:00:00Z', L, 1, '2024-03-31'],
    ['London spring h 1: 02:30 BST', '2024-03-31T01:30:00Z', L, 1, '2024-03-31'],
    ['London spring h 1: 00:59:59 BST next day', '2024-03-31T23:59:59Z', L, 1, '2024-03-31'],
    ['London spring h 1: 01:00 BST next day', '2024-04-01T00:00:00Z', L, 1, '2024-04-01'],
    ['London spring h 2: 00:30 GMT', '2024-03-31T00:30:00Z', L, 2, '2024-03-30'],
    ['London spring h 2: 02:00 BST', '2024-03-31T01:00:00Z', L, 2, '2024-03-31'],
    // London fall back (01:00–01:59 twice)
    ['London fall h 0: 23:59:59 BST', '2024-10-26T22:59:59Z', L, 0, '2024-10-26'],
    ['London fall h 0: 00:00 BST', '2024-10-26T23:00:00Z', L, 0, '2024-10-27'],
    ['London fall h 0: 23:59:59 GMT', '2024-10-27T23:59:59Z', L, 0, '2024-10-27'],
    ['London fall h 1: 00:59:59 BST', '2024-10-26T23:59:59Z', L, 1, '2024-10-26'],
    ['London fall h 1: 01:00 BST (first 01:00)', '2024-10-27T00:00:00Z', L, 1, '2024-10-27'],
    ['London fall h 1: 01:30 BST', '2024-10-27T00:30:00Z', L, 1, '2024-10-27'],
    ['London fall h 1: 01:30 GMT (repeated hour)', '2024-10-27T01:30:00Z', L, 1, '2024-10-27'],
    ['London fall h 2: 01:30 BST', '2024-10-27T00:30:00Z', L, 2, '2024-10-26'],
    ['London fall h 2: 01:30 GMT (repeated hour)', '2024-10-27T01:30:00Z', L, 2, '2024-10-26'],
    ['London fall h 2: 01:59:59 GMT', '2024-10-27T01:59:59Z', L, 2, '2024-10-26'],
    ['London fall h 2: 02:00 GMT', '2024-10-27T02:00:00Z', L, 2, '2024-10-27'],
    // New York spring forward (02:00–02:59 missing)
    ['New York spring h 0: 23:59:59 EST', '2024-03-10T04:59:59Z', NY, 0, '2024-03-09'],
    ['New York spring h 0: 00:00 EST', '2024-03-10T05:00:00Z', NY, 0, '2024-03-10'],
    ['New York spring h 0: 03:00 EDT', '2024-03-10T07:00:00Z', NY, 0, '2024-03-10'],
    ['New York spring h 1: 00:59:59 EST', '2024-03-10T05:59:59Z', NY, 1, '2024-03-09'],
    ['New York spring h 1: 01:00 EST', '2024-03-10T06:00:00Z', NY, 1, '2024-03-10'],
    ['New York spring h 2: 01:59:59 EST', '2024-03-10T06:59:59Z', NY, 2, '2024-03-09'],
    ['New York spring h 2: 03:00 EDT, first instant after missing 02:00', '2024-03-10T07:00:00Z', NY, 2, '2024-03-10'],
    // New York fall back (01:00–01:59 twice)
    ['New York fall h 1: 00:59:59 EDT', '2024-11-03T04:59:59Z', NY, 1, '2024-11-02'],
    ['New York fall h 1: 01:00 EDT (first 01:00)', '2024-11-03T05:00:00Z', NY, 1, '2024-11-03'],
    ['New York fall h 1: 01:30 EST (repeated hour)', '2024-11-03T06:30:00Z', NY, 1, '2024-11-03'],
    ['New York fall h 2: 01:30 EDT', '2024-11-03T05:30:00Z', NY, 2, '2024-11-02'],
    ['New York fall h 2: 01:30 EST (repeated hour)', '2024-11-03T06:30:00Z', NY, 2, '2024-11-02'],
    ['New York fall h 2: 02:00 EST', '2024-11-03T07:00:00Z', NY, 2, '2024-11-03'],
    // southern hemisphere
    ['Sydney fall h 2: 01:59:59 AEDT', '2024-04-06T14:59:59Z', 'Australia/Sydney', 2, '2024-04-06'],
    ['Sydney fall h 2: 02:00 AEDT (first 02:00)', '2024-04-06T15:00:00Z', 'Australia/Sydney', 2, '2024-04-07'],
    ['Sydney fall h 2: 02:30 AEST (repeated)', '2024-04-06T16:30:00Z', 'Australia/Sydney', 2, '2024-04-07'],
    ['Sydney fall h 3: 02:30 AEDT', '2024-04-06T15:30:00Z', 'Australia/Sydney', 3, '2024-04-06'],
    ['Sydney fall h 3: 02:30 AEST (repeated)', '2024-04-06T16:30:00Z', 'Australia/Sydney', 3, '2024-04-06'],
    ['Sydney fall h 3: 03:00 AEST', '2024-04-06T17:00:00Z', 'Australia/Sydney', 3, '2024-04-07'],
    ['Sydney spring h 0: 23:59:59 AEST', '2024-10-05T13:59:59Z', 'Australia/Sydney', 0, '2024-10-05'],
    ['Sydney spring h 0: 00:00 AEST', '2024-10-05T14:00:00Z', 'Australia/Sydney', 0, '2024-10-06'],
    ['Sydney spring h 2: 01:59:59 AEST', '2024-10-05T15:59:59Z', 'Australia/Sydney', 2, '2024-10-05'],
    ['Sydney spring h 2: 03:00 AEDT', '2024-10-05T16:00:00Z', 'Australia/Sydney', 2, '2024-10-06'],
    ['Auckland spring h 2: 01:59:59 NZST', '2024-09-28T13:59:59Z', 'Pacific/Auckland', 2, '2024-09-28'],
    ['Auckland spring h 2: 03:00 NZDT', '2024-09-28T14:00:00Z', 'Pacific/Auckland', 2, '2024-09-29'],
    // a calendar day that never happened locally
    ['Apia: last second of 29 Dec 2011', '2011-12-30T09:59:59Z', 'Pacific/Apia', 0, '2011-12-29'],
    ['Apia: next instant is 31 Dec 2011', '2011-12-30T10:00:00Z', 'Pacific/Apia', 0, '2011-12-31'],
    // invalid zones are UTC
    ['unknown zone is UTC', '2024-01-15T23:30:00Z', 'Not/AZone', 0, '2024-01-15'],
    ['empty zone is UTC', '2024-01-15T23:30:00Z', '', 6, '2024-01-15'],
  ])('%s', (_label, iso, zone, hour, expected) => {
    expect(businessDay(new Date(iso), zone, hour)).toBe(expected);
  });

  it('refuses an invalid Date', () => {
    expect(() => businessDay(new Date('nope'), 'UTC', 0)).toThrow(RangeError);
  });
});

describe('dayWindow', () => {
  it.each([
    // day, zone, start hour, opensAt, closesAt
    ['2024-06-10', 'UTC', 0, '2024-06-10T00:00:00Z', '2024-06-11T00:00:00Z'],
    ['2024-01-15', L, 6, '2024-01-15T06:00:00Z', '2024-01-16T06:00:00Z'],
    ['2024-01-15', NY, 23, '2024-01-16T04:00:00Z', '2024-01-17T04:00:00Z'],
    ['2028-02-29', NY, 6, '2028-02-29T11:00:00Z', '2028-03-01T11:00:00Z'],
    ['2024-03-31', L, 0, '2024-03-31T00:00:00Z', '2024-03-31T23:00:00Z'],
    ['2024-03-30', L, 1, '2024-03-30T01:00:00Z', '2024-03-31T01:00:00Z'],
    ['2024-03-31', L, 1, '2024-03-31T01:00:00Z', '2024-04-01T00:00:00Z'],
    ['2024-03-31', L, 2, '2024-03-31T01:00:00Z', '2024-04-01T01:00:00Z'],
    ['2024-10-27', L, 1, '2024-10-27T00:00:00Z', '2024-10-28T01:00:00Z'],
    ['2024-10-26', L, 2, '2024-10-26T01:00:00Z', '2024-10-27T02:00:00Z'],
    ['2024-03-09', NY, 2, '2024-03-09T07:00:00Z', '2024-03-10T07:00:00Z'],
    ['2024-03-10', NY, 2, '2024-03-10T07:00:00Z', '2024-03-11T06:00:00Z'],
    ['2024-11-03', NY, 0, '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z'],
    ['2024-11-03', NY, 1, '2024-11-03T05:00:00Z', '2024-11-04T06:00:00Z'],
    ['2024-04-07', 'Australia/Sydney', 2, '2024-04-06T15:00:00Z', '2024-04-07T16:00:00Z'],
    ['2024-10-06', 'Australia/Sydney', 2, '2024-10-05T16:00:00Z', '2024-10-06T15:00:00Z'],
    ['2024-09-29', 'Pacific/Auckland', 0, '2024-09-28T12:00:00Z', '2024-09-29T11:00:00Z'],
    ['2011-12-30', 'Pacific/Apia', 0, '2011-12-30T10:00:00Z', '2011-12-30T10:00:00Z'],
    ['2024-06-10', 'Bogus/Zone', 0, '2024-06-10T00:00:00Z', '2024-06-11T00:00:00Z'],
  ])('%s in %s from %d:00', (day, zone, hour, opens, closes) => {
    const w = dayWindow(day, zone, hour);
    expect(w.opensAt.toISOString()).toBe(new Date(opens).toISOString());
    expect(w.closesAt.toISOString()).toBe(new Date(closes).toISOString());
  });
});
