import { describe, expect, it } from 'vitest';
import { localizeTimes } from './engine.ts';
import { dayOrderHint, dayOrderOfFormat, zoneOffsetAt } from './locale.ts';
import type { MailMessage } from './types.ts';
import { floatingDate, floatingLike, parseDate, withDayOrder } from './util.ts';

function msg(over: Partial<MailMessage> & { language?: string; dateHeader?: string } = {}): MailMessage {
  const { language, dateHeader: date, ...rest } = over;
  return {
    messageId: 'x@test',
    subject: 'Backup report',
    from: 'nas@contoso.com',
    fromName: '',
    to: [],
    date: null,
    text: 'The backup job completed.',
    html: null,
    attachments: [],
    headers: { ...(language ? { 'content-language': language } : {}), ...(date ? { date } : {}) },
    ...rest,
  };
}

const iso = (d: Date | null) => d?.toISOString().slice(0, 10);

describe('the shared date reader and the day/month order', () => {
  it('reads a slash date day-first when the first number exceeds 12, month-first when the second does', () => {
    expect(iso(parseDate('25/11/2026 10:00'))).toBe('2026-11-25');
    expect(iso(parseDate('11/25/2026 10:00'))).toBe('2026-11-25');
    expect(parseDate('25/13/2026 10:00')).toBeNull();
  });

  it('reads an ambiguous slash date month-first, and day-first once the order says so', () => {
    const d = parseDate('05/11/2026 03:00:00');
    expect(iso(d)).toBe('2026-05-11');
    expect(iso(withDayOrder(d, 'DMY'))).toBe('2026-11-05');
    expect(iso(withDayOrder(d, 'MDY'))).toBe('2026-05-11');
    expect(iso(withDayOrder(d, null))).toBe('2026-05-11');
    // Not ambiguous: the order changes nothing.
    expect(iso(withDayOrder(parseDate('25/11/2026 10:00'), 'MDY'))).toBe('2026-11-25');
    expect(iso(withDayOrder(parseDate('2026-05-11 10:00'), 'DMY'))).toBe('2026-05-11');
  });

  it('moves a time computed from an ambiguous date (start + duration) with it', () => {
    const start = parseDate('05/11/2026 03:00:00');
    const end = floatingLike(start, new Date(start!.getTime() + 3_600_000));
    expect(withDayOrder(end, 'DMY').toISOString()).toBe('2026-11-05T04:00:00.000Z');
  });

  it('tells the order of a tenant date format', () => {
    expect(dayOrderOfFormat('DD/MM/yyyy')).toBe('DMY');
    expect(dayOrderOfFormat('MM/DD/yyyy')).toBe('MDY');
    expect(dayOrderOfFormat('dd.MM.yyyy')).toBe('DMY');
    expect(dayOrderOfFormat('yyyy-MM-DD')).toBeNull();
    expect(dayOrderOfFormat(undefined)).toBeNull();
  });

  const hints: [string, MailMessage, string | null | undefined, 'DMY' | 'MDY' | null][] = [
    ['nothing known', msg(), undefined, null],
    ['Content-Language en-GB', msg({ language: 'en-GB' }), undefined, 'DMY'],
    ['Content-Language en-US', msg({ language: 'en-US' }), undefined, 'MDY'],
    ['Content-Language fr-FR beats a US tenant format', msg({ language: 'fr-FR' }), 'MM/DD/yyyy', 'DMY'],
    [
      'French words in the body',
      msg({ text: 'La sauvegarde est terminée avec 0 erreurs.', subject: 'Tâche réussie' }),
      undefined,
      'DMY',
    ],
    ['German words in the body', msg({ text: 'Sicherung erfolgreich abgeschlossen.' }), undefined, 'DMY'],
    ['the tenant format alone', msg(), 'DD/MM/yyyy', 'DMY'],
    ['a UK sender domain', msg({ from: 'nas@contoso.co.uk' }), undefined, 'DMY'],
    ['a US sender domain', msg({ from: 'nas@city.ny.us' }), undefined, 'MDY'],
    [
      'a European Date header offset alone decides nothing',
      msg({ dateHeader: 'Sun, 22 Nov 2026 09:00:00 +0100' }),
      undefined,
      null,
    ],
    [
      'a European offset with a UK domain',
      msg({ from: 'nas@contoso.co.uk', dateHeader: 'Sun, 22 Nov 2026 09:00:00 +0000' }),
      undefined,
      'DMY',
    ],
    [
      'a US offset with a US tenant format',
      msg({ dateHeader: 'Sun, 22 Nov 2026 09:00:00 -0500' }),
      'MM/DD/yyyy',
      'MDY',
    ],
    [
      'the tenant format outweighs a weak offset',
      msg({ dateHeader: 'Sun, 22 Nov 2026 09:00:00 -0500' }),
      'DD/MM/yyyy',
      'DMY',
    ],
  ];
  for (const [name, m, format, want] of hints) it(`hint: ${name}`, () => expect(dayOrderHint(m, format)).toBe(want));

  it('files a UK 05/11/2026 as 5 November', () => {
    const start = parseDate('05/11/2026 03:00:00');
    const out = localizeTimes(
      { vendor: 'x', reason: null, results: [{ startTime: start, endTime: null } as never] },
      msg({ from: 'nas@contoso.co.uk', dateHeader: 'Thu, 05 Nov 2026 03:30:00 +0000' }),
    );
    expect(out.results[0].startTime!.toISOString()).toBe('2026-11-05T03:00:00.000Z');
  });
});

describe("the tenant's zone for times without one", () => {
  it('knows the offset of a zone at a wall-clock time, summer and winter', () => {
    expect(zoneOffsetAt('Europe/Paris', floatingDate(2026, 7, 4, 3)!)).toBe(120);
    expect(zoneOffsetAt('Europe/Paris', floatingDate(2026, 11, 22, 3)!)).toBe(60);
    expect(zoneOffsetAt('America/New_York', floatingDate(2026, 11, 22, 3)!)).toBe(-300);
    expect(zoneOffsetAt('Not/AZone', floatingDate(2026, 11, 22, 3)!)).toBeNull();
  });

  it('takes the tenant zone only when the Date header has no offset', () => {
    const run = (date: string | undefined) =>
      localizeTimes(
        { vendor: 'x', reason: null, results: [{ startTime: floatingDate(2026, 11, 22, 3), endTime: null } as never] },
        msg({ dateHeader: date }),
        { timeZone: 'Europe/Paris' },
      ).results[0].startTime!.toISOString();
    expect(run('Sun, 22 Nov 2026 09:00:00 -0500')).toBe('2026-11-22T08:00:00.000Z');
    expect(run('Sun, 22 Nov 2026 09:00:00 +0000')).toBe('2026-11-22T03:00:00.000Z');
    expect(run('Sun, 22 Nov 2026 04:00:00 GMT')).toBe('2026-11-22T02:00:00.000Z');
    expect(run(undefined)).toBe('2026-11-22T02:00:00.000Z');
  });
});
