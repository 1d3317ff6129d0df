/**
 * The features the assessment and classification models read: the words of the subject and of
 * the body (wink-nlp tokens, lower-cased, numbers folded to one symbol), word pairs, and the
 * status evidence of the generic backup reader (parser/generic: success, warning and failure
 * words in seven languages, negations, counts) — one text-analysis core, not two.
 */
import { decideStatus, evidenceIn, type Segment } from '../parser/generic/status.ts';
import { leadFeatures, lexiconFeatures } from './lexicon.ts';
import type { Features } from './logreg.ts';
import { readText, type Token } from './text.ts';

/** Body lines the generic evidence looks at. */
const MAX_LINES = 200;

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'and',
  'or',
  'is',
  'on',
  'in',
  'for',
  'at',
  'by',
  'be',
  'it',
  'this',
]);

function words(tokens: Token[]): string[] {
  return tokens
    .filter((t) => t.type === 'word' || t.type === 'number' || t.type === 'emoji')
    .map((t) => (t.type === 'number' || /^\d/.test(t.normal) ? '#' : t.normal))
    .filter((w) => !STOP.has(w) && w.length < 30);
}

function addBag(x: Features, prefix: string, list: string[], weight: number): void {
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    seen.add(`${prefix}${list[i]}`);
    if (i + 1 < list.length) seen.add(`${prefix}${list[i]}_${list[i + 1]}`);
  }
  if (!seen.size) return;
  const v = weight / Math.sqrt(seen.size);
  for (const f of seen) x.set(f, (x.get(f) ?? 0) + v);
}

/** The generic reader's status evidence as features: which status, where, and the decision. */
export function statusEvidence(subject: string, body: string) {
  const segments: Segment[] = [
    { where: 'subject', text: subject, weight: 3 },
    ...body
      .split(/\r?\n/)
      .slice(0, MAX_LINES)
      .map((text, i) => ({ where: `body line ${i + 1}`, text: text.slice(0, 500), weight: i === 0 ? 2 : 1 })),
  ];
  const evidence = segments.flatMap(evidenceIn);
  return { evidence, decision: decideStatus(evidence) };
}

export function featuresOf(subject: string, body: string): Features {
  const x: Features = new Map();
  addBag(x, 's:', words(readText(subject).tokens), 1.5);
  addBag(x, 'b:', words(readText(body).tokens), 1);
  const { evidence, decision } = statusEvidence(subject, body);
  for (const e of evidence) {
    const key = `ev:${e.status}:${e.where === 'subject' ? 'subject' : 'body'}`;
    x.set(key, Math.min(1.5, (x.get(key) ?? 0) + 0.5));
  }
  x.set(`dec:${decision.status ?? 'none'}`, 1);
  for (const f of lexiconFeatures(subject, 'ls:')) x.set(f, 1);
  for (const f of leadFeatures(subject, 'ls:')) x.set(f, 1);
  for (const f of lexiconFeatures(body.slice(0, 4000), 'lb:')) x.set(f, 0.5);
  return x;
}
