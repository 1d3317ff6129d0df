import type { MailMessage } from './types.ts';
import { headerOffsetMinutes, type DayOrder } from './util.ts';

/**
 * The e-mail's locale, for what its text leaves open: the day/month order of "05/11/2026" and
 * the zone of times printed without one. Pure: the message and the tenant's settings in, a hint
 * out.
 */

/** Languages and regions that write the month first; everything else that says, day first. */
const MONTH_FIRST_LOCALE = /^en-(?:us|ph|ca|as|gu|pr|um|vi)\b/i;

/** Common words of report text in languages whose locales write the day first. */
const DAY_FIRST_WORDS = [
  // French
  /\b(?:sauvegarde|réussie?|échou[ée]e?|erreurs?|terminée?|tâche|avertissements?)\b/gi,
  // German
  /\b(?:Sicherung|erfolgreich|fehlgeschlagen|Fehler|abgeschlossen|Aufgabe|Warnungen)\b/gi,
  // Spanish, Italian, Portuguese
  /\b(?:copia de seguridad|completad[oa]|fallid[oa]|errores|advertencias|backup completato|riuscito|non riuscito|avvisi|concluído|falhou|avisos)\b/gi,
  // Dutch
  /\b(?:geslaagd|mislukt|voltooid|fouten|waarschuwingen|taak)\b/gi,
];

/** Country-code top-level domains of countries that write the month first. */
const MONTH_FIRST_TLD = /\.(?:us|ph)$/i;
/** Generic and ambiguous domains say nothing; any other country code counts as day first. */
const NEUTRAL_TLD =
  /\.(?:com|net|org|info|biz|io|co|me|tv|app|dev|cloud|local|localhost|lan|internal|ca|cn|jp|kr|tw|hu)$/i;

/** "DD/MM/yyyy" → day first, "MM/DD/yyyy" → month first; year-first or unknown formats say nothing. */
export function dayOrderOfFormat(format: string | null | undefined): DayOrder | null {
  const f = (format ?? '').trim().toUpperCase();
  const d = f.indexOf('D');
  const m = f.indexOf('M');
  const y = f.indexOf('Y');
  if (d < 0 || m < 0 || (y >= 0 && y < d && y < m)) return null;
  return d < m ? 'DMY' : 'MDY';
}

/**
 * The day/month order the e-mail most likely uses: its Content-Language header and the language
 * of its words weigh most, then the tenant's own date format, then, weakly, the sender's
 * country domain and the Date header's offset (the Americas write month first). Null when
 * nothing points either way.
 */
export function dayOrderHint(msg: MailMessage, tenantDateFormat?: string | null): DayOrder | null {
  let score = 0; // > 0: day first; < 0: month first
  const lang = (msg.headers?.['content-language'] ?? '').split(',')[0].trim();
  if (lang) score += MONTH_FIRST_LOCALE.test(lang) ? -3 : /^en$/i.test(lang) ? 0 : 3;
  const text = `${msg.subject ?? ''}\n${msg.text ?? ''}`.slice(0, 20_000);
  const foreign = new Set(DAY_FIRST_WORDS.flatMap((re) => (text.match(re) ?? []).map((w) => w.toLowerCase())));
  if (foreign.size >= 2) score += 2;
  const tenant = dayOrderOfFormat(tenantDateFormat);
  if (tenant) score += tenant === 'DMY' ? 1.5 : -1.5;
  const domain = (msg.from ?? '').split('@')[1] ?? '';
  if (MONTH_FIRST_TLD.test(domain)) score -= 1;
  else if (/\.[a-z]{2}$/i.test(domain) && !NEUTRAL_TLD.test(domain)) score += 1;
  const offset = headerOffsetMinutes(msg.headers?.['date']);
  if (offset !== null && offset <= -4 * 60 && offset >= -10 * 60) score -= 0.5;
  else if (offset !== null && offset >= 0 && offset <= 3 * 60) score += 0.5;
  // The offset alone never decides: English reports of products from month-first countries
  // are sent from every zone.
  return score >= 1 ? 'DMY' : score <= -1 ? 'MDY' : null;
}

/**
 * Minutes east of UTC that a zone keeps at the wall-clock time `wall` (a floating date: its UTC
 * fields are the local time); null for a zone Intl does not know.
 */
export function zoneOffsetAt(zone: string, wall: Date): number | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  const offsetAt = (t: number) => {
    const n: Record<string, number> = {};
    for (const p of format.formatToParts(t)) n[p.type] = Number(p.value);
    const local = Date.UTC(n.year, n.month - 1, n.day, n.hour, n.minute, n.second);
    return Math.round((local - Math.floor(t / 1000) * 1000) / 60_000);
  };
  // The offset at the instant the wall time would be with the offset of that instant (two steps
  // settle every transition but the skipped hour, which takes the later offset).
  const first = offsetAt(wall.getTime());
  return offsetAt(wall.getTime() - first * 60_000);
}
