// The company a client id suggests: exact or by a soft match on the name.
import type { ClientMatch } from '@vigil/contract';

/** Words that say what kind of company it is rather than which one; a soft match ignores them. */
const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'plc',
  'pty',
  'pte',
  'sa',
  'sarl',
  'srl',
  'bv',
  'nv',
  'ab',
  'as',
  'oy',
  'kg',
  'group',
  'the',
]);

/** A name for soft matching: lower case, "&" as "and", no punctuation or spaces, no legal suffixes. */
export function normaliseName(s: string): string {
  const words = s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words.pop();
  while (words.length > 1 && words[0] === 'the') words.shift();
  return words.join('');
}

export interface CompanyRef {
  id: number;
  name: string;
  code: string | null;
}

/**
 * The company a client id suggests. Exact: the id equals a company's name or code (case and
 * surrounding spaces aside) — such ids map by themselves. Soft: equal once normalised (case,
 * punctuation, legal suffixes like Inc, LLC, Ltd) — shown "to verify", never applied alone.
 */
export function suggest(clientId: string, companies: CompanyRef[]): { match: ClientMatch; company: CompanyRef | null } {
  const id = clientId.trim().toLowerCase();
  const exact =
    companies.find((c) => c.name.trim().toLowerCase() === id) ??
    companies.find((c) => c.code && c.code.trim().toLowerCase() === id);
  if (exact) return { match: 'Exact', company: exact };
  const n = normaliseName(clientId);
  if (n) {
    const soft = companies.find((c) => normaliseName(c.name) === n);
    if (soft) return { match: 'Soft', company: soft };
  }
  return { match: 'None', company: null };
}
