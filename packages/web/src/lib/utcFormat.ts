import { formatDate } from './format';

/**
 * A time in the Admin Portal: the platform team works across tenants, so its screens show UTC and
 * say so (" UTC" after every time; a date alone is the UTC day, its column says UTC).
 */
export function formatUtc(value: string | number | Date | null | undefined, pattern = 'MM/DD/yyyy hh:mm A'): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatDate(value, pattern, 'UTC');
  return text && /[Hh]/.test(pattern) ? `${text} UTC` : text;
}
