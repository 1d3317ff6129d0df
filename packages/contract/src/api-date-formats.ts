// Date and time formats, time zones and countries offered in Settings → Tenant.
import { z } from 'zod';
import { DateTimeFormat } from './api-tenant.ts';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from './constants.ts';

/** Date and time patterns offered in Settings → Tenant (tokens of the web formatter). */
export const DATE_FORMATS = [DEFAULT_DATE_FORMAT, 'DD/MM/yyyy', 'yyyy-MM-DD', 'DD.MM.yyyy', 'M/D/yyyy', 'D/M/yyyy'];
export const TIME_FORMATS = [DEFAULT_TIME_FORMAT, 'h:mm A', 'HH:mm', 'H:mm'];

/** A date written with one of the patterns above, in UTC (for examples). */
export function formatExample(at: Date, pattern: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = at.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const tokens: Record<string, string> = {
    yyyy: String(at.getUTCFullYear()),
    MM: pad(at.getUTCMonth() + 1),
    M: String(at.getUTCMonth() + 1),
    DD: pad(at.getUTCDate()),
    D: String(at.getUTCDate()),
    HH: pad(h),
    H: String(h),
    hh: pad(h12),
    h: String(h12),
    mm: pad(at.getUTCMinutes()),
    A: h < 12 ? 'AM' : 'PM',
  };
  return pattern.replace(/yyyy|MM|M|DD|D|HH|H|hh|h|mm|A/g, (t) => tokens[t] ?? t);
}

export const FormatOption = z.object({ Value: z.string(), Example: z.string() });
/** `GET api/common/date-time-formats`. */
export const DateTimeFormats = z.object({
  DateFormats: z.array(FormatOption),
  TimeFormats: z.array(FormatOption),
  Default: DateTimeFormat,
});
export type DateTimeFormats = z.infer<typeof DateTimeFormats>;

/** Time zone option (features §3.5). */
export const TimeZoneOption = z.object({ TimeZoneId: z.string(), TimeZoneTitle: z.string() });
export type TimeZoneOption = z.infer<typeof TimeZoneOption>;
/** `POST api/common/timezone/find`: an exact id first, then zones whose id or title contains the text. */
export const TimeZoneFind = z.object({ Text: z.string().trim().min(1, 'Text is required').max(100) });

export const Country = z.object({ Id: z.string(), Name: z.string() });
export type Country = z.infer<typeof Country>;
