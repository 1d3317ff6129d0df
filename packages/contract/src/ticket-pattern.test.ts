import { describe, expect, it } from 'vitest';
import {
  PATTERN_TOOLTIPS,
  exampleValues,
  formatPatternDate,
  parsePattern,
  renderPattern,
  splitIgnoreList,
  type PatternValues,
} from './ticket-pattern.ts';
import { TicketGroupBy, type TicketGroupByValue } from './api-tickets.ts';

// Tuesday 5 March 2024, 14:07:09 UTC: every token gives a distinct answer.
const at = new Date('2024-03-05T14:07:09Z');
// 09:04:03 in the morning, for the 12-hour tokens.
const morning = new Date('2024-03-05T09:04:03Z');

describe('date formats', () => {
  it.each([
    ['d', at, '5'],
    ['dd', at, '05'],
    ['ddd', at, 'Tue'],
    ['dddd', at, 'Tuesday'],
    ['MM', at, '03'],
    ['MMM', at, 'Mar'],
    ['MMMM', at, 'March'],
    ['yy', at, '24'],
    ['yyyy', at, '2024'],
    ['HH', at, '14'],
    ['HH', morning, '09'],
    ['hh', at, '02'],
    ['hh', morning, '09'],
    ['mm', at, '07'],
    ['ss', at, '09'],
    ['tt', at, 'PM'],
    ['tt', morning, 'AM'],
    ['dd.MM.yyyy HH:mm', at, '05.03.2024 14:07'],
    ['yyyy-MM-dd', at, '2024-03-05'],
    ['dddd, MMMM d', at, 'Tuesday, March 5'],
  ])('%s gives %s', (format, date, expected) => {
    expect(formatPatternDate(date as Date, format as string, null)).toBe(expected);
  });

  it('defaults to MM/dd/yyyy', () => {
    expect(formatPatternDate(at, null, null)).toBe('03/05/2024');
  });

  it.each([
    ['de', 'MMMM', 'März'],
    ['fr', 'dddd', 'mardi'],
    ['es', 'MMM', 'mar'],
    ['en', 'dddd', 'Tuesday'],
  ])('names months and days in %s', (locale, format, expected) => {
    expect(formatPatternDate(at, format, locale)).toBe(expected);
  });

  it('uses the time zone it is given', () => {
    expect(formatPatternDate(new Date('2024-03-05T23:30:00Z'), 'dd HH:mm', null, 'Australia/Sydney')).toBe('06 10:30');
  });

  it('renders {date|format|locale} inside a subject', () => {
    const values: PatternValues = { ...exampleValues(TicketGroupBy.Policy, at) };
    expect(renderPattern('On {date|dddd d MMMM|de}', values)).toBe('On Dienstag 5 März');
    expect(renderPattern('{date}', values)).toBe('03/05/2024');
  });
});

describe('variables', () => {
  const values: PatternValues = {
    date: at,
    groupBy: TicketGroupBy.Policy,
    group: 'SRV-1 / Nightly',
    status: 'Failure',
    company: 'Acme',
    method: 'Veeam',
    tags: ['Servers', 'critical', 'Alpha, Beta'],
    job: 'Nightly',
    device: 'SRV-1',
  };

  it.each([
    ['{groupBy}', 'Backup'],
    ['{group}', 'SRV-1 / Nightly'],
    ['{status}', 'Failure'],
    ['{company}', 'Acme'],
    ['{method}', 'Veeam'],
    ['{job}', 'Nightly'],
    ['{device}', 'SRV-1'],
    ['{tag}', 'Alpha, Beta, critical, Servers'],
    ['{tag|f}', 'Alpha, Beta'],
    ['{tag|f|Alpha\\, Beta}', 'critical'],
    ['{tag|f|alpha\\, beta,CRITICAL}', 'Servers'],
    ['{tag||Servers}', 'Alpha, Beta, critical'],
    ['{tag|f|Alpha\\, Beta,critical,Servers}', ''],
    ['[{status}] {company} - {device}/{job}', '[Failure] Acme - SRV-1/Nightly'],
    ['no placeholders', 'no placeholders'],
  ])('%s renders as %s', (pattern, expected) => {
    expect(parsePattern(pattern, TicketGroupBy.Policy).errors).toEqual([]);
    expect(renderPattern(pattern, values)).toBe(expected);
  });

  it.each([
    [TicketGroupBy.Policy, 'Backup'],
    [TicketGroupBy.Company, 'Company'],
    [TicketGroupBy.Job, 'Job Name'],
    [TicketGroupBy.Device, 'Device Name'],
  ])('{groupBy} names grouping %s as %s', (groupBy, label) => {
    expect(renderPattern('{groupBy}', { ...values, groupBy: groupBy as TicketGroupByValue })).toBe(label);
  });

  it('splits the ignore list on unescaped commas only', () => {
    expect(splitIgnoreList('a,b\\,c, d ,,')).toEqual(['a', 'b,c', 'd']);
    expect(splitIgnoreList('')).toEqual([]);
  });
});

describe('errors', () => {
  it.each([
    ['{status', TicketGroupBy.Policy, 'Unclosed brace: a placeholder needs a closing }', 0, 7],
    ['{status {company}', TicketGroupBy.Policy, 'Unclosed brace: a placeholder needs a closing }', 0, 8],
    ['status}', TicketGroupBy.Policy, 'Unexpected }: there is no placeholder to close', 6, 7],
    ['a {} b', TicketGroupBy.Policy, 'Empty placeholder {}', 2, 4],
    ['{client}', TicketGroupBy.Policy, 'Unknown variable {client}', 0, 8],
    ['{Status}', TicketGroupBy.Policy, 'Unknown variable {Status}', 0, 8],
    ['{job}', TicketGroupBy.Company, PATTERN_TOOLTIPS.job, 0, 5],
    ['{job}', TicketGroupBy.Device, PATTERN_TOOLTIPS.job, 0, 5],
    ['{device}', TicketGroupBy.Company, PATTERN_TOOLTIPS.device, 0, 8],
    ['{device}', TicketGroupBy.Job, PATTERN_TOOLTIPS.device, 0, 8],
    [
      '{date|dd/QQ}',
      TicketGroupBy.Policy,
      'Unknown date format "dd/QQ": use d, dd, ddd, dddd, MM, MMM, MMMM, yy, yyyy, HH, hh, mm, ss, tt',
      0,
      12,
    ],
    [
      '{date|M}',
      TicketGroupBy.Policy,
      'Unknown date format "M": use d, dd, ddd, dddd, MM, MMM, MMMM, yy, yyyy, HH, hh, mm, ss, tt',
      0,
      8,
    ],
    ['{date|}', TicketGroupBy.Policy, 'The date format is empty', 0, 7],
    [
      '{date|dd|xx}',
      TicketGroupBy.Policy,
      'Unknown language "xx": use a two-letter ISO 639-1 code such as en, de or fr',
      0,
      12,
    ],
    [
      '{date|dd|eng}',
      TicketGroupBy.Policy,
      'Unknown language "eng": use a two-letter ISO 639-1 code such as en, de or fr',
      0,
      13,
    ],
    ['{tag|first}', TicketGroupBy.Policy, 'Unknown tag format "first": use f (first alphabetically)', 0, 11],
    ['{status|upper}', TicketGroupBy.Policy, '{status} takes no format', 0, 14],
    ['{company||x}', TicketGroupBy.Company, '{company} takes no format', 0, 12],
  ])('%s (grouping %s) → %s', (pattern, groupBy, message, start, end) => {
    const { errors } = parsePattern(pattern as string, groupBy as TicketGroupByValue);
    expect(errors).toEqual([{ message, start, end }]);
  });

  it.each([
    ['{job}', TicketGroupBy.Policy],
    ['{job}', TicketGroupBy.Job],
    ['{device}', TicketGroupBy.Policy],
    ['{device}', TicketGroupBy.Device],
  ])('%s is allowed with grouping %s', (pattern, groupBy) => {
    expect(parsePattern(pattern, groupBy as TicketGroupByValue).errors).toEqual([]);
  });

  it('reports every error of a pattern, in order', () => {
    const { errors } = parsePattern('{x} and {job} and }', TicketGroupBy.Company);
    expect(errors.map((e) => e.message)).toEqual([
      'Unknown variable {x}',
      PATTERN_TOOLTIPS.job,
      'Unexpected }: there is no placeholder to close',
    ]);
  });

  it('leaves a broken placeholder as written when rendering', () => {
    expect(renderPattern('{status}: {nope}', exampleValues(TicketGroupBy.Policy, at))).toBe('Failure: {nope}');
  });
});
