import { z } from 'zod';
import {
  Country,
  DATE_FORMATS,
  DateTimeFormats,
  DEFAULT_DATE_FORMAT,
  DEFAULT_DATE_TIME_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatExample,
  TIME_FORMATS,
  TimeZoneFind,
  TimeZoneOption,
} from '@vigil/contract';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { countries, countryById } from './countries.ts';
import { findTimeZones, timeZoneOptions } from './timezones.ts';

const tags = ['Constants'];
/** One fixed afternoon, so the examples show the difference between 12- and 24-hour times. */
const EXAMPLE_AT = new Date(Date.UTC(2026, 2, 5, 14, 7));

/** Option lists of the settings forms: countries, time zones, date and time formats. */
export function constantRoutes(app: App): void {
  const r = typed(app);

  r.get('/api/constant/country', { schema: { tags, response: { 200: z.array(Country) } } }, async () => countries());

  r.get(
    '/api/constant/country/:id',
    { schema: { tags, params: z.object({ id: z.string().min(1).max(8) }), response: { 200: Country } } },
    async (req) => {
      const c = countryById(req.params.id);
      if (!c) throw notFound();
      return c;
    },
  );

  r.get('/api/constant/timezones', { schema: { tags, response: { 200: z.array(TimeZoneOption) } } }, async () =>
    timeZoneOptions(),
  );

  r.post(
    '/api/common/timezone/find',
    { schema: { tags, body: TimeZoneFind, response: { 200: z.array(TimeZoneOption) } } },
    async (req) => findTimeZones(req.body.Text),
  );

  r.get('/api/common/date-time-formats', { schema: { tags, response: { 200: DateTimeFormats } } }, async () => ({
    DateFormats: DATE_FORMATS.map((Value) => ({ Value, Example: formatExample(EXAMPLE_AT, Value) })),
    TimeFormats: TIME_FORMATS.map((Value) => ({ Value, Example: formatExample(EXAMPLE_AT, Value) })),
    Default: {
      DateFormat: DEFAULT_DATE_FORMAT,
      TimeFormat: DEFAULT_TIME_FORMAT,
      DateTimeFormat: DEFAULT_DATE_TIME_FORMAT,
    },
  }));
}
