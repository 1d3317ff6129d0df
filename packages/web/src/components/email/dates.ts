import { DEFAULT_DATE_TIME_FORMAT } from '@vigil/contract';
import { formatDate } from '../../lib/format';
import { useCommonSettings } from '../../lib/queries';

/** Formats dates with the tenant's date-time pattern and time zone (platform §9 defaults). */
export function useDateFormatter(): (value: string | null | undefined) => string {
  const settings = useCommonSettings().data;
  const pattern = settings?.DateTimeFormat?.DateTimeFormat || DEFAULT_DATE_TIME_FORMAT;
  const zone = settings?.TimeZoneId || undefined;
  return (value) => (value ? formatDate(value, pattern, zone) : '');
}
