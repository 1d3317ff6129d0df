import { DAY_MS, HOUR_MS, dayNumber, dayText, utcMs } from './calendar.ts';

/**
 * Time-zone offsets without a date library. Asking Intl for an offset is slow (microseconds),
 * so each zone keeps a table of constant-offset pieces, built lazily in 64-day chunks: the
 * offset is sampled once a day and every change found is narrowed to the second by bisection.
 * After that, an offset or a local-to-UTC conversion is a map lookup and a short scan.
 */

const CHUNK_MS = 64 * DAY_MS;
const SAMPLE_MS = DAY_MS;
/** Further than any real UTC offset, so a search started this far back begins before the answer. */
const SEARCH_MARGIN_MS = 30 * HOUR_MS;
const MAX_CACHED_NAMES = 1000;

/** One chunk of a zone: pieces starting at `starts[i]` with offset `offsets[i]` (ms), up to `end`. */
interface Chunk {
  starts: number[];
  offsets: number[];
  end: number;
}

export interface Zone {
  name: string;
  format: Intl.DateTimeFormat;
  chunks: Map<number, Chunk>;
}

const zonesByName = new Map<string, Zone>();
const zonesByInput = new Map<string, Zone>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** The cached zone for an IANA name; anything Intl does not accept is UTC. */
export function zoneFor(timeZone: string): Zone {
  const cached = zonesByInput.get(timeZone);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    if (typeof timeZone !== 'string' || timeZone.trim() === '') throw new RangeError('no time zone');
    format = formatterFor(timeZone);
  } catch {
    format = formatterFor('UTC');
  }
  const name = format.resolvedOptions().timeZone;
  let zone = zonesByName.get(name);
  if (!zone) {
    zone = { name, format, chunks: new Map() };
    zonesByName.set(name, zone);
  }
  if (zonesByInput.size >= MAX_CACHED_NAMES) zonesByInput.clear();
  zonesByInput.set(timeZone, zone);
  return zone;
}

/** Offset (local − UTC, ms) at instant t, straight from Intl. */
function intlOffset(format: Intl.DateTimeFormat, t: number): number {
  let year = 1970;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of format.formatToParts(t)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
    }
  }
  return utcMs(year, month, day, hour, minute, second) - Math.floor(t / 1000) * 1000;
}

function buildChunk(zone: Zone, index: number): Chunk {
  const begin = index * CHUNK_MS;
  const end = begin + CHUNK_MS;
  let offset = intlOffset(zone.format, begin);
  const starts = [begin];
  const offsets = [offset];
  let t = begin;
  while (t < end) {
    const next = Math.min(t + SAMPLE_MS, end);
    if (intlOffset(zone.format, next) === offset) {
      t = next;
      continue;
    }
    // The offset is `offset` at lo and something else at hi: close in on the change.
    let lo = t;
    let hi = next;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (intlOffset(zone.format, mid) === offset) lo = mid;
      else hi = mid;
    }
    if (hi >= end) break; // a change exactly at the chunk's end opens the next chunk
    offset = intlOffset(zone.format, hi);
    starts.push(hi);
    offsets.push(offset);
    t = hi;
  }
  return { starts, offsets, end };
}

function chunkAt(zone: Zone, index: number): Chunk {
  let chunk = zone.chunks.get(index);
  if (!chunk) {
    chunk = buildChunk(zone, index);
    zone.chunks.set(index, chunk);
  }
  return chunk;
}

function pieceIndex(chunk: Chunk, t: number): number {
  let i = chunk.starts.length - 1;
  while (i > 0 && chunk.starts[i] > t) i--;
  return i;
}

/** Offset (local − UTC, ms) of the zone at instant t (ms since the epoch). */
export function offsetAt(zone: Zone, t: number): number {
  const chunk = chunkAt(zone, Math.floor(t / CHUNK_MS));
  return chunk.offsets[pieceIndex(chunk, t)];
}

/**
 * The first instant whose local reading is at or after `wall` (a local reading written as if
 * it were UTC ms). In a gap that is the end of the gap; in an overlap, the first occurrence.
 */
export function firstInstantAtOrAfter(zone: Zone, wall: number): number {
  let index = Math.floor((wall - SEARCH_MARGIN_MS) / CHUNK_MS);
  let chunk = chunkAt(zone, index);
  let i = pieceIndex(chunk, wall - SEARCH_MARGIN_MS);
  for (;;) {
    const start = chunk.starts[i];
    const end = i + 1 < chunk.starts.length ? chunk.starts[i + 1] : chunk.end;
    const offset = chunk.offsets[i];
    // Within this piece the local reading runs from start + offset up to (not including) end + offset.
    if (end + offset > wall) return Math.max(start, wall - offset);
    i++;
    if (i === chunk.starts.length) {
      index++;
      chunk = chunkAt(zone, index);
      i = 0;
    }
  }
}

/** A start-of-business hour as a whole hour 0–23 (anything unusable is 0). */
export function startHour(dayStartHour: number): number {
  if (typeof dayStartHour !== 'number' || !Number.isFinite(dayStartHour)) return 0;
  return Math.min(23, Math.max(0, Math.floor(dayStartHour)));
}

/** The instant the business day with day number n opens. */
export function openingOf(zone: Zone, n: number, hour: number): number {
  return firstInstantAtOrAfter(zone, n * DAY_MS + hour * HOUR_MS);
}

/** Day number of the business day holding instant t: the day whose window [opens, next opens) holds it. */
export function businessDayNumber(zone: Zone, t: number, hour: number): number {
  const wall = t + offsetAt(zone, t);
  let n = Math.floor(wall / DAY_MS);
  if (wall - n * DAY_MS < hour * HOUR_MS) n--;
  // The local reading gives the answer except around unusual changes; the windows decide.
  while (openingOf(zone, n, hour) > t) n--;
  while (openingOf(zone, n + 1, hour) <= t) n++;
  return n;
}

/** The local business day ('YYYY-MM-DD') in which the instant `at` falls. */
export function businessDay(at: Date, timeZone: string, dayStartHour: number): string {
  const t = at instanceof Date ? at.getTime() : NaN;
  if (!Number.isFinite(t)) throw new RangeError('businessDay needs a valid Date');
  return dayText(businessDayNumber(zoneFor(timeZone), t, startHour(dayStartHour)));
}

/**
 * The window of a business day: from local `day` at the start hour to the next day's start hour.
 * A start hour lost to a spring-forward gap opens at the end of the gap; a repeated one at its
 * first occurrence.
 */
export function dayWindow(day: string, timeZone: string, dayStartHour: number): { opensAt: Date; closesAt: Date } {
  const n = dayNumber(day);
  const zone = zoneFor(timeZone);
  const hour = startHour(dayStartHour);
  return { opensAt: new Date(openingOf(zone, n, hour)), closesAt: new Date(openingOf(zone, n + 1, hour)) };
}
