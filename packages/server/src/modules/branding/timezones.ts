import type { TimeZoneOption } from '@vigil/contract';

/** Minutes east of UTC of a zone at an instant. */
export function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Current IANA names of zones the runtime's ICU still lists under a former name. */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/**
 * Every IANA zone the runtime knows, titled with its offset now ("(UTC+01:00) Europe/Berlin"),
 * ordered by offset then name. UTC is always in the list.
 */
export function timeZoneOptions(at: Date = new Date()): TimeZoneOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map((z) => (isTimeZone(RENAMED[z] ?? '') ? RENAMED[z] : z)));
  zones.add('UTC');
  return [...zones]
    .map((id) => ({ id, offset: offsetMinutes(id, at) }))
    .sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id))
    .map(({ id, offset }) => ({ TimeZoneId: id, TimeZoneTitle: `(${offsetLabel(offset)}) ${id.replace(/_/g, ' ')}` }));
}

/** Zones matching a text: the exact id first, then ids or titles containing it (case and "_" ignored). */
export function findTimeZones(text: string, at: Date = new Date()): TimeZoneOption[] {
  const all = timeZoneOptions(at);
  let exact = all.filter((z) => z.TimeZoneId.toLowerCase() === text.toLowerCase());
  // A former name (Asia/Calcutta) a tenant saved earlier is still found, under its own id.
  if (!exact.length && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(text) && isTimeZone(text)) {
    exact = [
      { TimeZoneId: text, TimeZoneTitle: `(${offsetLabel(offsetMinutes(text, at))}) ${text.replace(/_/g, ' ')}` },
    ];
  }
  const needle = text.toLowerCase().replace(/_/g, ' ');
  const rest = all.filter(
    (z) =>
      !exact.includes(z) &&
      (z.TimeZoneId.toLowerCase().replace(/_/g, ' ').includes(needle) ||
        z.TimeZoneTitle.toLowerCase().includes(needle)),
  );
  return [...exact, ...rest];
}
