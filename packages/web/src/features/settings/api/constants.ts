// Lists that never change while the app runs: time zones, countries, date and time formats.
import { useQuery } from '@tanstack/react-query';
import type { Country, DateTimeFormats, TimeZoneOption } from '@vigil/contract';
import { api } from '../../../lib/session';

const forever = { staleTime: Infinity, gcTime: Infinity } as const;

export function useTimeZones() {
  return useQuery({
    queryKey: ['constants', 'timezones'],
    queryFn: () => api.get<TimeZoneOption[]>('/api/constant/timezones'),
    ...forever,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ['constants', 'countries'],
    queryFn: () => api.get<Country[]>('/api/constant/country'),
    ...forever,
  });
}

export function useDateTimeFormats() {
  return useQuery({
    queryKey: ['constants', 'date-time-formats'],
    queryFn: () => api.get<DateTimeFormats>('/api/common/date-time-formats'),
    ...forever,
  });
}

/** POST api/common/timezone/find: a saved zone that is not in the list (features §5.4). */
export function findTimeZone(id: string) {
  return api.post<TimeZoneOption[]>('/api/common/timezone/find', { Text: id });
}
