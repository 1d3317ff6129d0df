/**
 * Tokens and entity spans of a text, from wink-nlp and its English model (both shipped inside
 * their npm packages: nothing is downloaded at run time). Offsets are character offsets into the
 * text given, end exclusive; wink keeps every character (token values plus their preceding
 * spaces rebuild the text), so the offsets are exact.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface Token {
  /** The token as written. */
  value: string;
  /** Lower-cased. */
  normal: string;
  /** wink's token type: word, number, punctuation, email, url, … */
  type: string;
  start: number;
  end: number;
}

export interface Span {
  /** wink's entity type: DATE, TIME, DURATION, CARDINAL, PERCENT, EMAIL, URL, … */
  type: string;
  start: number;
  end: number;
  value: string;
}

export interface ReadText {
  tokens: Token[];
  entities: Span[];
}

/** Texts longer than this are read up to it: alert mails say what matters first. */
export const NLP_MAX_CHARS = 6000;

const nlp = winkNLP(model, ['ner']);
const its = nlp.its;

/** Tokens and entities of `text` (its first NLP_MAX_CHARS characters). */
export function readText(text: string): ReadText {
  const part = text.length > NLP_MAX_CHARS ? text.slice(0, NLP_MAX_CHARS) : text;
  if (!part.trim()) return { tokens: [], entities: [] };
  const doc = nlp.readDoc(part);
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const tokens: Token[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += spaces[i].length;
    const value = values[i];
    // wink rebuilds the text exactly; should it ever not, stop rather than give wrong offsets.
    if (part.slice(at, at + value.length) !== value) break;
    tokens.push({ value, normal: value.toLowerCase(), type: types[i], start: at, end: at + value.length });
    at += value.length;
  }
  const entities: Span[] = [];
  const spans = doc.entities().out(its.span) as unknown as number[][];
  const kinds = doc.entities().out(its.type) as string[];
  spans.forEach(([first, last], i) => {
    const a = tokens[first];
    const b = tokens[last];
    if (!a || !b) return;
    entities.push({ type: kinds[i], start: a.start, end: b.end, value: part.slice(a.start, b.end) });
  });
  return { tokens, entities };
}
