import { DEFAULT_DATE_FORMAT, DEFAULT_DATE_TIME_FORMAT, DEFAULT_TIME_FORMAT } from '@vigil/contract';
import { addDays, formatDay, todayIn, type IsoDay } from './days';
import { formatDate } from './format';
import { useCommonSettings } from './queries';

export interface TenantFormats {
  timeZone: string;
  /** Today and yesterday in the tenant's time zone (the audit's days are the tenant's). */
  today: IsoDay;
  yesterday: IsoDay;
  dateFormat: string;
  dateTime: (value: string | null | undefined) => string;
  time: (value: string | null | undefined) => string;
  day: (value: IsoDay | null | undefined) => string;
}

/** The tenant's time zone and date/time patterns (platform §9 defaults while loading). */
export function useTenantFormats(): TenantFormats {
  const settings = useCommonSettings().data;
  const timeZone = settings?.TimeZoneId || 'UTC';
  const f = settings?.DateTimeFormat;
  const dateFormat = f?.DateFormat || DEFAULT_DATE_FORMAT;
  const timeFormat = f?.TimeFormat || DEFAULT_TIME_FORMAT;
  const dateTimeFormat = f?.DateTimeFormat || DEFAULT_DATE_TIME_FORMAT;
  const today = todayIn(timeZone);
  return {
    timeZone,
    today,
    yesterday: addDays(today, -1),
    dateFormat,
    dateTime: (v) => (v ? formatDate(v, dateTimeFormat, timeZone) : ''),
    time: (v) => (v ? formatDate(v, timeFormat, timeZone) : ''),
    day: (v) => (v ? formatDay(v, dateFormat) : ''),
  };
}

/** The tenant's time pattern (platform §9 default hh:mm A); the hour list shows "07:00 AM" or "07:00". */
export function useTenantTimeFormat(): string {
  return useCommonSettings().data?.DateTimeFormat?.TimeFormat || DEFAULT_TIME_FORMAT;
}
