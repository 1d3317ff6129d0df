import { TICKET_GROUP_LABELS, TicketGroupBy, type TicketGroupByValue } from './api-tickets.ts';

/**
 * The subject and description pattern language (features §5.2). Text with placeholders
 * `{variable|format|parameter}`:
 *
 * - `{date|format|locale}`: the creation date; format built from d, dd, ddd, dddd, MM, MMM, MMMM,
 *   yy, yyyy, HH, hh, mm, ss, tt and any non-letter separators (default MM/dd/yyyy); locale an
 *   ISO 639-1 code for month and day names (default en).
 * - `{tag|f|ignored}`: the backup's tags, all of them (comma separated) or with `f` the first
 *   alphabetically; the parameter is a comma-separated list of tags to ignore, `\,` a literal comma.
 * - `{groupBy}`, `{group}`, `{status}`, `{company}`, `{method}`; `{job}` only when grouped by
 *   Backup or Job Name, `{device}` only when grouped by Backup or Device Name.
 *
 * One parser serves the editor (errors and preview) and the server (writing tickets), so what the
 * editor accepts is exactly what tickets get.
 */

export const PATTERN_VARIABLES = [
  'date',
  'groupBy',
  'group',
  'status',
  'company',
  'method',
  'tag',
  'job',
  'device',
] as const;
export type PatternVariable = (typeof PATTERN_VARIABLES)[number];

export const PATTERN_VARIABLE_HELP: Record<PatternVariable, string> = {
  date: 'The date the ticket is created: {date|format|language}',
  groupBy: 'What the rule groups by (Backup, Company, Job Name, Device Name)',
  group: 'The group the ticket is for (the backup, company, job or device)',
  status: 'The status that opened the ticket',
  company: 'The company of the backup',
  method: 'The backup method (vendor)',
  tag: 'The tags of the backup: {tag} all, {tag|f} the first alphabetically, {tag|f|ignored,tags}',
  job: 'The job name',
  device: 'The device name',
};

export const PATTERN_TOOLTIPS = {
  job: 'This variable is available only for rules grouped by Backup or Job Name.',
  device: 'This variable is available only for rules grouped by Backup or Device Name.',
} as const;

/** Date format tokens, longest first so the tokenizer is greedy. */
export const DATE_FORMAT_TOKENS = [
  'dddd',
  'ddd',
  'dd',
  'd',
  'MMMM',
  'MMM',
  'MM',
  'yyyy',
  'yy',
  'HH',
  'hh',
  'mm',
  'ss',
  'tt',
] as const;
export const DEFAULT_PATTERN_DATE_FORMAT = 'MM/dd/yyyy';

/** ISO 639-1 language codes. */
export const ISO_639_1 = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el ' +
    'en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ' +
    'ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na ' +
    'nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so ' +
    'sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
  ).split(' '),
);

export interface PatternError {
  /** Offsets into the pattern of the offending text. */
  start: number;
  end: number;
  message: string;
}

export type PatternPart =
  | { kind: 'text'; text: string }
  | { kind: 'var'; name: PatternVariable; format: string | null; parameter: string | null; start: number; end: number };

export interface ParsedPattern {
  parts: PatternPart[];
  errors: PatternError[];
}

function allowedFor(name: PatternVariable, groupBy: TicketGroupByValue): string | null {
  if (name === 'job' && (groupBy === TicketGroupBy.Company || groupBy === TicketGroupBy.Device))
    return PATTERN_TOOLTIPS.job;
  if (name === 'device' && (groupBy === TicketGroupBy.Company || groupBy === TicketGroupBy.Job))
    return PATTERN_TOOLTIPS.device;
  return null;
}

/** Splits a date format into tokens and literal separators; null when it has an unknown letter run. */
export function tokenizeDateFormat(format: string): { token: boolean; text: string }[] | null {
  const out: { token: boolean; text: string }[] = [];
  let i = 0;
  while (i < format.length) {
    const hit = DATE_FORMAT_TOKENS.find((t) => format.startsWith(t, i));
    if (hit) {
      out.push({ token: true, text: hit });
      i += hit.length;
    } else if (/[A-Za-z]/.test(format[i])) {
      return null;
    } else {
      out.push({ token: false, text: format[i] });
      i += 1;
    }
  }
  return out;
}

/** Splits the tag ignore list on commas not escaped with a backslash. */
export function splitIgnoreList(parameter: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < parameter.length; i++) {
    const c = parameter[i];
    if (c === '\\' && parameter[i + 1] === ',') {
      current += ',';
      i++;
    } else if (c === ',') {
      items.push(current.trim());
      current = '';
    } else current += c;
  }
  items.push(current.trim());
  return items.filter((s) => s.length > 0);
}

function checkPlaceholder(
  body: string,
  start: number,
  end: number,
  groupBy: TicketGroupByValue,
  errors: PatternError[],
): PatternPart | null {
  const fail = (message: string) => {
    errors.push({ start, end, message });
    return null;
  };
  const pipe = body.indexOf('|');
  const name = (pipe < 0 ? body : body.slice(0, pipe)).trim();
  const rest = pipe < 0 ? null : body.slice(pipe + 1);
  let format: string | null = null;
  let parameter: string | null = null;
  if (rest !== null) {
    const second = rest.indexOf('|');
    format = second < 0 ? rest : rest.slice(0, second);
    parameter = second < 0 ? null : rest.slice(second + 1);
  }
  if (name === '') return fail('Empty placeholder {}');
  if (!(PATTERN_VARIABLES as readonly string[]).includes(name)) return fail(`Unknown variable {${name}}`);
  const variable = name as PatternVariable;
  const notHere = allowedFor(variable, groupBy);
  if (notHere) return fail(notHere);
  if (variable === 'date') {
    if (format !== null && format.trim() === '') return fail('The date format is empty');
    if (format !== null && tokenizeDateFormat(format) === null) {
      return fail(`Unknown date format "${format}": use d, dd, ddd, dddd, MM, MMM, MMMM, yy, yyyy, HH, hh, mm, ss, tt`);
    }
    if (parameter !== null && !ISO_639_1.has(parameter.trim())) {
      return fail(`Unknown language "${parameter}": use a two-letter ISO 639-1 code such as en, de or fr`);
    }
  } else if (variable === 'tag') {
    if (format !== null && format !== '' && format !== 'f')
      return fail(`Unknown tag format "${format}": use f (first alphabetically)`);
  } else if (format !== null || parameter !== null) {
    return fail(`{${variable}} takes no format`);
  }
  return { kind: 'var', name: variable, format: format === '' ? null : format, parameter, start, end };
}

/** Parses a pattern for a grouping: its parts and every error (with offsets). */
export function parsePattern(pattern: string, groupBy: TicketGroupByValue): ParsedPattern {
  const parts: PatternPart[] = [];
  const errors: PatternError[] = [];
  let text = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '{') {
      const close = pattern.indexOf('}', i + 1);
      const nextOpen = pattern.indexOf('{', i + 1);
      if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
        const end = nextOpen >= 0 && (close < 0 || nextOpen < close) ? nextOpen : pattern.length;
        errors.push({ start: i, end, message: 'Unclosed brace: a placeholder needs a closing }' });
        text += pattern.slice(i, end);
        i = end;
        continue;
      }
      if (text) parts.push({ kind: 'text', text });
      text = '';
      const part = checkPlaceholder(pattern.slice(i + 1, close), i, close + 1, groupBy, errors);
      if (part) parts.push(part);
      else parts.push({ kind: 'text', text: pattern.slice(i, close + 1) });
      i = close + 1;
    } else if (c === '}') {
      errors.push({ start: i, end: i + 1, message: 'Unexpected }: there is no placeholder to close' });
      text += c;
      i++;
    } else {
      text += c;
      i++;
    }
  }
  if (text) parts.push({ kind: 'text', text });
  return { parts, errors };
}

/** What a ticket's placeholders are filled with. */
export interface PatternValues {
  date: Date;
  /** The tenant's IANA time zone for {date}; default UTC. */
  timeZone?: string;
  groupBy: TicketGroupByValue;
  group: string;
  status: string;
  company: string;
  method: string;
  tags: string[];
  job?: string;
  device?: string;
}

function zoned(date: Date, timeZone: string, locale: string) {
  const get = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone, ...opts });
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const period = get({ hour: 'numeric', hour12: true })
    .formatToParts(date)
    .find((p) => p.type === 'dayPeriod')?.value;
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour') % 24,
    minute: n('minute'),
    second: n('second'),
    monthShort: get({ month: 'short' }).format(date),
    monthLong: get({ month: 'long' }).format(date),
    dayShort: get({ weekday: 'short' }).format(date),
    dayLong: get({ weekday: 'long' }).format(date),
    period: period ?? (n('hour') < 12 ? 'AM' : 'PM'),
  };
}

const pad = (v: number, len = 2) => String(v).padStart(len, '0');

/** Formats a date with the pattern language's tokens. */
export function formatPatternDate(date: Date, format: string | null, locale: string | null, timeZone = 'UTC'): string {
  const tokens =
    tokenizeDateFormat(format ?? DEFAULT_PATTERN_DATE_FORMAT) ?? tokenizeDateFormat(DEFAULT_PATTERN_DATE_FORMAT)!;
  let z: ReturnType<typeof zoned>;
  try {
    z = zoned(date, timeZone, locale?.trim() || 'en');
  } catch {
    z = zoned(date, 'UTC', 'en');
  }
  const h12 = z.hour % 12 === 0 ? 12 : z.hour % 12;
  const value: Record<string, string> = {
    d: String(z.day),
    dd: pad(z.day),
    ddd: z.dayShort,
    dddd: z.dayLong,
    MM: pad(z.month),
    MMM: z.monthShort,
    MMMM: z.monthLong,
    yy: pad(z.year % 100),
    yyyy: String(z.year),
    HH: pad(z.hour),
    hh: pad(h12),
    mm: pad(z.minute),
    ss: pad(z.second),
    tt: z.period,
  };
  return tokens.map((t) => (t.token ? value[t.text] : t.text)).join('');
}

function tagValue(tags: string[], format: string | null, parameter: string | null): string {
  const ignored = new Set(splitIgnoreList(parameter ?? '').map((t) => t.toLowerCase()));
  const kept = [...new Set(tags)].filter((t) => !ignored.has(t.toLowerCase())).sort((a, b) => a.localeCompare(b));
  if (format === 'f') return kept[0] ?? '';
  return kept.join(', ');
}

/**
 * Fills a pattern. Placeholders with errors are left as written, so a broken pattern still
 * gives a readable subject; callers that must refuse broken patterns check `parsePattern` first.
 */
export function renderPattern(pattern: string, values: PatternValues): string {
  const { parts } = parsePattern(pattern, values.groupBy);
  return parts
    .map((p) => {
      if (p.kind === 'text') return p.text;
      switch (p.name) {
        case 'date':
          return formatPatternDate(values.date, p.format, p.parameter, values.timeZone);
        case 'groupBy':
          return TICKET_GROUP_LABELS[values.groupBy];
        case 'group':
          return values.group;
        case 'status':
          return values.status;
        case 'company':
          return values.company;
        case 'method':
          return values.method;
        case 'tag':
          return tagValue(values.tags, p.format, p.parameter);
        case 'job':
          return values.job ?? '';
        case 'device':
          return values.device ?? '';
      }
    })
    .join('');
}

/** The values the preview (`pattern-example`) fills in. */
export function exampleValues(groupBy: TicketGroupByValue, date = new Date()): PatternValues {
  const group = {
    [TicketGroupBy.Policy]: 'SQL-01 / Nightly SQL',
    [TicketGroupBy.Company]: 'Contoso Ltd',
    [TicketGroupBy.Job]: 'Nightly SQL',
    [TicketGroupBy.Device]: 'SQL-01',
  }[groupBy];
  return {
    date,
    groupBy,
    group,
    status: 'Failure',
    company: 'Contoso Ltd',
    method: 'Veeam',
    tags: ['Servers', 'Critical'],
    job: 'Nightly SQL',
    device: 'SQL-01',
  };
}
